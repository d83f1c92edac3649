import type { Kysely } from "kysely";

// Issue 27 items 2 and 7: a submitted capsule's manifest commitment as the chain recorded it
// (ArticleRegistry.ManifestCommitted, projected by the indexer; NULL for drafts and for capsules
// submitted before the contract carried it), and the parent's claims a correction says it corrects
// (a JSON array of the parent's claim ids, written by the bridge with the correction's draft).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("capsules").addColumn("manifest_hash", "text").execute();
  await db.schema.alterTable("capsules").addColumn("evidence_root", "text").execute();
  await db.schema.alterTable("capsules").addColumn("corrects_claims_json", "text", (col) => col.notNull().defaultTo("[]")).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("capsules").dropColumn("corrects_claims_json").execute();
  await db.schema.alterTable("capsules").dropColumn("evidence_root").execute();
  await db.schema.alterTable("capsules").dropColumn("manifest_hash").execute();
}
