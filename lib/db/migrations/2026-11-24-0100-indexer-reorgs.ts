import type { Kysely } from "kysely";
import { autoId } from "./dialect";

// Frozen in time. Reorg- and rollback-safe indexing (issue 11 item 1): the hashes of recent
// checkpoints, a record of every rewind, and an index to delete and replay chain_events by block.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("chain_blocks")
    .addColumn("chain_id", "bigint", (c) => c.notNull())
    .addColumn("block_number", "bigint", (c) => c.notNull())
    .addColumn("block_hash", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("chain_blocks_pk", ["chain_id", "block_number"])
    .execute();

  await db.schema
    .createTable("chain_reorgs")
    .addColumn("id", "integer", autoId(db))
    .addColumn("chain_id", "bigint", (c) => c.notNull())
    .addColumn("detected_at", "bigint", (c) => c.notNull())
    .addColumn("old_checkpoint", "bigint", (c) => c.notNull())
    .addColumn("old_hash", "text")
    .addColumn("node_head", "bigint", (c) => c.notNull())
    .addColumn("fork_block", "bigint")
    .addColumn("depth", "bigint")
    .addColumn("events_removed", "integer")
    .addColumn("duration_ms", "integer")
    .addColumn("finished_at", "bigint")
    .addColumn("outcome", "text")
    .execute();
  await db.schema.createIndex("chain_reorgs_chain_idx").on("chain_reorgs").columns(["chain_id", "id"]).execute();

  await db.schema.createIndex("chain_events_block_idx").on("chain_events").columns(["chain_id", "block_number", "log_index"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("chain_events_block_idx").ifExists().execute();
  await db.schema.dropTable("chain_reorgs").ifExists().execute();
  await db.schema.dropTable("chain_blocks").ifExists().execute();
}
