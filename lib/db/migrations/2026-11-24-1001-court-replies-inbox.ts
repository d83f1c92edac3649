import type { Kysely } from "kysely";

// Issue 13. A court case's right of reply: one row per case opened after this migration, with the
// chain time the reply window ends; the reply (text, evidence) fills it once filed. Cases opened
// before have no row and keep the old rule (a verdict at any time). And per wallet, how far it has
// read its inbox (the id of the newest activity row it marked read).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("court_replies")
    .addColumn("case_id", "integer", (c) => c.primaryKey().references("court_cases.id"))
    .addColumn("due_at", "bigint", (c) => c.notNull())
    .addColumn("replied_by", "text")
    .addColumn("reply", "text")
    .addColumn("evidence_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("replied_at", "bigint")
    .execute();
  await db.schema
    .createTable("inbox_reads")
    .addColumn("wallet", "text", (c) => c.primaryKey())
    .addColumn("last_read_id", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("activity_wallet_id_idx").on("activity").columns(["wallet", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("activity_wallet_id_idx").ifExists().execute();
  await db.schema.dropTable("inbox_reads").ifExists().execute();
  await db.schema.dropTable("court_replies").ifExists().execute();
}
