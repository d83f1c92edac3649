import { sql, type Kysely } from "kysely";

// Capsules that never reached the chain (drafts, and drafts their author withdrew) are private for
// ever; every list asks for the ones hidden from its reader. They have no submission transaction:
// a partial index holds just those rows, so the question does not walk every rejected capsule.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("capsules_never_on_chain_idx").on("capsules").columns(["id"]).where(sql.ref("submit_tx_hash"), "is", null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("capsules_never_on_chain_idx").ifExists().execute();
}
