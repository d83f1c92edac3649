import type { Kysely } from "kysely";

// Labels explain themselves (issue 12): the clerk's one-line finding, shown under the label on the
// reader page, in the feeds and in the badge. NULL for verdicts recorded before this migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("court_cases").addColumn("finding", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("court_cases").dropColumn("finding").execute();
}
