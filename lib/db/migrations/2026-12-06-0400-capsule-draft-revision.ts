import type { Kysely } from "kysely";

// A draft's revision (docs/DECISIONS.md, "Draft saves check the revision they edit"): a whole number that every save of
// the draft's content moves by one (POST /api/capsules/update, evidence added to a draft), in the same UPDATE that takes
// the row for the edit. An update that names the revision it edited (`ifRevision`) is refused with 409 DRAFT_CHANGED
// when the row holds another, so a tab or device with an older copy cannot put it over a newer save unseen.
// Existing rows start at 0. A plain integer column, the same on SQLite and PostgreSQL.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("capsules").addColumn("draft_revision", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("capsules").dropColumn("draft_revision").execute();
}
