import type { Kysely } from "kysely";
import { autoId } from "./dialect";

// Structured claims (issue 27): the statements a capsule asserts, each anchored to its body by a W3C
// TextQuoteSelector (exact, prefix, suffix) and tied to the evidence items that support it. A
// draft's claims are replaced wholesale; once submitted they are fixed with the content.
// evidence_ids_json keeps the claim's own order of its evidence ids (a JSON array of numbers).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("capsule_claims")
    .addColumn("id", "integer", autoId(db))
    .addColumn("capsule_id", "integer", (c) => c.notNull().references("capsules.id"))
    .addColumn("ordinal", "integer", (c) => c.notNull())
    .addColumn("exact", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("suffix", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("claim_type", "text", (c) => c.notNull())
    .addColumn("evidence_ids_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("note", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("capsule_claims_capsule_ordinal_key", ["capsule_id", "ordinal"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("capsule_claims").ifExists().execute();
}
