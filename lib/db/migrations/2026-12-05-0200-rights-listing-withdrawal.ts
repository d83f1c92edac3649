import type { Kysely } from "kysely";

// A seller withdraws a rights listing (docs/DECISIONS.md, "A rights listing can be withdrawn"): when and by whom. A
// withdrawn listing takes no new licence and holds no place among the capsule's listings on offer; licences taken
// on it before stay valid. NULL: not withdrawn.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("rights_listings").addColumn("withdrawn_at", "bigint").execute();
  await db.schema.alterTable("rights_listings").addColumn("withdrawn_by", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("rights_listings").dropColumn("withdrawn_by").execute();
  await db.schema.alterTable("rights_listings").dropColumn("withdrawn_at").execute();
}
