import type { DbOrTrx, Trx } from "@/lib/db/database";
import type { BlockRef } from "./chain-reader";

/**
 * Stores the new checkpoint's hash and forgets those more than `depth` blocks below it. With the
 * block hashes of chain_events (every block with an event, kept with the event), these are the
 * hashes a fork point is looked for in.
 */
export async function recordCheckpointHash(trx: Trx, chainId: number, checkpoint: BlockRef, depth: number, always = false): Promise<void> {
  await trx
    .insertInto("chain_blocks")
    .values({ chain_id: chainId, block_number: checkpoint.number, block_hash: checkpoint.hash })
    .onConflict((oc) => oc.columns(["chain_id", "block_number"]).doUpdateSet({ block_hash: checkpoint.hash }))
    .execute();
  // forgetting is batched (every 16th block, and always after a back-fill batch) to spare a statement per block
  if (checkpoint.number % 16 === 0 || always) {
    await trx.deleteFrom("chain_blocks").where("chain_id", "=", chainId).where("block_number", "<", checkpoint.number - depth).execute();
  }
}

export async function forgetHashesAbove(trx: Trx, chainId: number, block: number): Promise<void> {
  await trx.deleteFrom("chain_blocks").where("chain_id", "=", chainId).where("block_number", ">", block).execute();
}

/**
 * Up to `limit` indexed blocks at or below `atOrBelow`, highest first, with the hash they had when
 * indexed: recent checkpoints (chain_blocks) and every block that holds an indexed event.
 */
export async function forkCandidates(db: DbOrTrx, chainId: number, atOrBelow: number, limit: number): Promise<BlockRef[]> {
  const [checkpoints, eventBlocks] = await Promise.all([
    db
      .selectFrom("chain_blocks")
      .select(["block_number", "block_hash"])
      .where("chain_id", "=", chainId)
      .where("block_number", "<=", atOrBelow)
      .orderBy("block_number", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("chain_events")
      .select(["block_number", "block_hash"])
      .distinct()
      .where("chain_id", "=", chainId)
      .where("block_number", "<=", atOrBelow)
      .orderBy("block_number", "desc")
      .limit(limit)
      .execute(),
  ]);
  const byNumber = new Map<number, string>();
  for (const row of [...eventBlocks, ...checkpoints]) byNumber.set(Number(row.block_number), row.block_hash);
  return [...byNumber]
    .map(([number, hash]) => ({ number, hash }))
    .sort((a, b) => b.number - a.number)
    .slice(0, limit);
}
