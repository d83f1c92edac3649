import type { Db, Dialect, Trx } from "@/lib/db/database";
import type { ChainReader } from "./chain-reader";
import { emitProjectionChange, type ProjectionChange } from "./change-feed";
import { notifyProjectionChange } from "./change-feed-postgres";
import type { IndexedSource } from "./log-decoding";
import type { ProjectionReset, Projector } from "./projector";
import { inLockedPostgresTransaction } from "./projection-lock";
import { traceMark, traceStatements, tracing } from "./lag-trace";

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
 * (PostgreSQL; unless `write` says it `notified` it itself) and emitted to this process's listeners
 * after the commit. `asyncCommit` (PostgreSQL): the commit answers before its WAL is flushed.
 */
export async function commitProjection<T>(
  ctx: Pick<IndexerContext, "db" | "dialect">,
  write: (trx: Trx) => Promise<{ value: T; change?: ProjectionChange; notified?: true }>,
  options: { asyncCommit?: boolean } = {},
): Promise<T> {
  const db = tracing ? ctx.db.withPlugin(traceStatements) : ctx.db;
  const { value, change } =
    ctx.dialect === "postgres"
      ? await inLockedPostgresTransaction(db, options, async (trx) => {
          traceMark("begun and locked");
          const result = await write(trx);
          if (result.change && !result.notified) await notifyProjectionChange(trx, result.change);
          return result;
        })
      : await db.transaction().execute(async (trx) => {
          traceMark("begun");
          return write(trx);
        });
  traceMark("committed");
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
