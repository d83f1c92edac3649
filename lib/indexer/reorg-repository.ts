import type { DbOrTrx, Trx } from "@/lib/db/database";
import type { ChainReorgRow } from "@/lib/db/tables/indexer.table";

/** Records a detected reorg before the rewind starts, so every server reports `rewinding`. */
export async function openReorg(
  db: DbOrTrx,
  reorg: { chainId: number; oldCheckpoint: number; oldHash: string | null; nodeHead: number; now: number },
): Promise<number> {
  await closeOpenReorgs(db, reorg.chainId, reorg.now);
  const row = await db
    .insertInto("chain_reorgs")
    .values({ chain_id: reorg.chainId, detected_at: reorg.now, old_checkpoint: reorg.oldCheckpoint, old_hash: reorg.oldHash, node_head: reorg.nodeHead })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The fork point, once found (before the replay), so the status can name it while rewinding. */
export async function locateReorg(db: DbOrTrx, id: number, forkBlock: number, depth: number): Promise<void> {
  await db.updateTable("chain_reorgs").set({ fork_block: forkBlock, depth }).where("id", "=", id).execute();
}

/** Inside the rewind's transaction: the fork point, the depth and what it cost. */
export async function finishReorg(
  trx: Trx,
  id: number,
  result: { forkBlock: number; depth: number; eventsRemoved: number; durationMs: number; now: number },
): Promise<void> {
  await trx
    .updateTable("chain_reorgs")
    .set({ fork_block: result.forkBlock, depth: result.depth, events_removed: result.eventsRemoved, duration_ms: result.durationMs, finished_at: result.now, outcome: "rewound" })
    .where("id", "=", id)
    .execute();
}

/** A rewind that never finished (its server died, or the chain came back): no longer in progress. */
export async function closeOpenReorgs(db: DbOrTrx, chainId: number, now: number): Promise<void> {
  await db.updateTable("chain_reorgs").set({ finished_at: now, outcome: "abandoned" }).where("chain_id", "=", chainId).where("finished_at", "is", null).execute();
}

export type ReorgState = { rewinding: ChainReorgRow | undefined; last: ChainReorgRow | undefined; count: number };

/** What /api/network/status reports: a rewind in progress, the last finished one, how many. */
export async function readReorgState(db: DbOrTrx, chainId: number): Promise<ReorgState> {
  const [rewinding, last, count] = await Promise.all([
    db.selectFrom("chain_reorgs").selectAll().where("chain_id", "=", chainId).where("finished_at", "is", null).orderBy("id", "desc").executeTakeFirst(),
    db.selectFrom("chain_reorgs").selectAll().where("chain_id", "=", chainId).where("outcome", "=", "rewound").orderBy("id", "desc").executeTakeFirst(),
    db
      .selectFrom("chain_reorgs")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("chain_id", "=", chainId)
      .where("outcome", "=", "rewound")
      .executeTakeFirstOrThrow(),
  ]);
  return { rewinding, last, count: Number(count.n) };
}
