import type { Kysely } from "kysely";

// A voter's public reason (issue 31, Snapshot/Tally): the text and the voter's EIP-712 VoteReason
// signature, bound to the ballot by its CapsuleAcceptance nonce. Not a projection of the chain:
// the bridge keeps it like the vault keeps files, so an indexer rebuild leaves it in place.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("capsule_vote_reasons")
    .addColumn("capsule_id", "integer", (c) => c.notNull())
    .addColumn("voter", "text", (c) => c.notNull())
    .addColumn("support", "integer", (c) => c.notNull())
    .addColumn("ballot_nonce", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("signature", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("capsule_vote_reasons_pk", ["capsule_id", "voter"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("capsule_vote_reasons").ifExists().execute();
}
