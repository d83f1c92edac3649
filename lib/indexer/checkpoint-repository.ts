import type { DbOrTrx } from "@/lib/db/database";

export const INDEXER_CHECKPOINT = "capsule-indexer";

export type Checkpoint = { blockNumber: number; blockHash: string | null; updatedAt: number };

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
