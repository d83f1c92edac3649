import type { Db, Dialect, Trx } from "@/lib/db/database";
import type { ChainReader } from "./chain-reader";
import { emitProjectionChange, type ProjectionChange } from "./change-feed";
import { notifyProjectionChange } from "./change-feed-postgres";
import type { IndexedSource } from "./log-decoding";
import type { ProjectionReset, Projector } from "./projector";
import { lockProjection } from "./projection-lock";

/** What the indexer's passes, commits and rewinds share. */
export type IndexerContext = {
  db: Db;
  dialect: Dialect;
  chainId: number;
  startBlock: number;
  sources: IndexedSource[];
  projectors: Projector[];
  /** What a rewind clears before replaying the stored events (the rebuild's resets). */
  resets: ProjectionReset[];
  finalityDepth: number;
  reader: ChainReader;
  log: (message: string) => void;
};

/**
 * Runs `write` in one projection-locked transaction; the change it answers is NOTIFYed inside it
 * (PostgreSQL) and emitted to this process's listeners after the commit.
 */
export async function commitProjection<T>(
  ctx: Pick<IndexerContext, "db" | "dialect">,
  write: (trx: Trx) => Promise<{ value: T; change?: ProjectionChange }>,
): Promise<T> {
  const { value, change } = await ctx.db.transaction().execute(async (trx) => {
    await lockProjection(trx, ctx.dialect);
    const result = await write(trx);
    if (result.change && ctx.dialect === "postgres") await notifyProjectionChange(trx, result.change);
    return result;
  });
  if (change) emitProjectionChange(change);
  return value;
}

/** Another server (or a rebuild) moved the checkpoint since this pass read it. */
export class CheckpointMovedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CheckpointMovedError";
  }
}
