import type { DbOrTrx, Trx } from "@/lib/db/database";

export const INDEXER_CHECKPOINT = "capsule-indexer";

export type Checkpoint = { blockNumber: number; blockHash: string | null; updatedAt: number };
/** A checkpoint as a block: its number and the hash it had when indexed (null only before hashes were kept). */
export type CheckpointRef = { number: number; hash: string | null };

export async function readCheckpoint(db: DbOrTrx, name = INDEXER_CHECKPOINT): Promise<Checkpoint | undefined> {
  const row = await db.selectFrom("chain_checkpoints").selectAll().where("name", "=", name).executeTakeFirst();
  return row ? { blockNumber: Number(row.block_number), blockHash: row.block_hash, updatedAt: Number(row.updated_at) } : undefined;
}

export async function writeCheckpoint(
  db: DbOrTrx,
  checkpoint: { chainId: number; blockNumber: number; blockHash: string | null; now: number },
  name = INDEXER_CHECKPOINT,
): Promise<void> {
  await db
    .insertInto("chain_checkpoints")
    .values({ name, chain_id: checkpoint.chainId, block_number: checkpoint.blockNumber, block_hash: checkpoint.blockHash, updated_at: checkpoint.now })
    .onConflict((oc) =>
      oc.column("name").doUpdateSet({ chain_id: checkpoint.chainId, block_number: checkpoint.blockNumber, block_hash: checkpoint.blockHash, updated_at: checkpoint.now }),
    )
    .execute();
}

/**
 * Moves the checkpoint from `from` (null: there is none yet) to `to` in one statement; answers
 * false, writing nothing, when the checkpoint is not `from` any more (another writer moved it).
 */
export async function advanceCheckpoint(
  trx: Trx,
  chainId: number,
  from: CheckpointRef | null,
  to: { number: number; hash: string },
  now: number,
  name = INDEXER_CHECKPOINT,
): Promise<boolean> {
  const values = { chain_id: chainId, block_number: to.number, block_hash: to.hash, updated_at: now };
  if (from === null) {
    const result = await trx.insertInto("chain_checkpoints").values({ name, ...values }).onConflict((oc) => oc.column("name").doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
  const result = await trx
    .updateTable("chain_checkpoints")
    .set(values)
    .where("name", "=", name)
    .where("block_number", "=", from.number)
    .where((eb) => (from.hash === null ? eb("block_hash", "is", null) : eb("block_hash", "=", from.hash)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
