import { insertRowsSqlite, isPostgres, unnestRows, UNNEST_ROWS_PER_INSERT, type SqliteInsert } from "@/lib/db/bulk-insert";
import type { Trx } from "@/lib/db/database";
import { eventKind, type IndexedEvent, type Projector } from "./projector";

const eventColumns = [
  ["chain_id", "bigint"],
  ["block_number", "bigint"],
  ["block_hash", "text"],
  ["block_time", "bigint"],
  ["tx_hash", "text"],
  ["log_index", "integer"],
  ["address", "text"],
  ["event_name", "text"],
  ["args_json", "text"],
] as const;

const sqliteEventInsert: SqliteInsert<IndexedEvent> = {
  table: "chain_events",
  columns: eventColumns.map(([column]) => column),
  conflict: ["chain_id", "tx_hash", "log_index"],
  returning: ["tx_hash", "log_index"],
  values: (event, params) =>
    params.push(event.chainId, event.blockNumber, event.blockHash, event.blockTime, event.txHash, event.logIndex, event.address, event.eventName, JSON.stringify(event.args)),
};

/**
 * Inserts events into chain_events (multi-row: on SQLite prepared statements of a few hundred rows, on PostgreSQL one array per column; ON CONFLICT DO NOTHING … RETURNING) and then
 * projects, in order, only the ones not seen before; answers those. Used by the indexer and by a
 * rebuild, so a replay can never count an event twice.
 */
export async function persistEvents(trx: Trx, events: IndexedEvent[], projectors: Projector[]): Promise<IndexedEvent[]> {
  const fresh = new Set<string>();
  if (!isPostgres(trx)) {
    const returned = await insertRowsSqlite<IndexedEvent, { tx_hash: string; log_index: number }>(trx, sqliteEventInsert, events);
    // every event returned (a back-fill): all new, in order, so no keys to match
    if (returned.length === events.length) {
      await projectEvents(trx, events, projectors);
      return events;
    }
    for (const row of returned) fresh.add(`${row.tx_hash}:${row.log_index}`);
  }
  for (let start = 0; isPostgres(trx) && start < events.length; start += UNNEST_ROWS_PER_INSERT) {
    const rows = events.slice(start, start + UNNEST_ROWS_PER_INSERT).map((event) => ({
      chain_id: event.chainId,
      block_number: event.blockNumber,
      block_hash: event.blockHash,
      block_time: event.blockTime,
      tx_hash: event.txHash,
      log_index: event.logIndex,
      address: event.address,
      event_name: event.eventName,
      args_json: JSON.stringify(event.args),
    }));
    const returned = await trx
      .insertInto("chain_events")
      .columns(eventColumns.map(([column]) => column))
      .expression(unnestRows(rows, eventColumns))
      .onConflict((oc) => oc.columns(["chain_id", "tx_hash", "log_index"]).doNothing())
      .returning(["tx_hash", "log_index"])
      .execute();
    for (const row of returned) fresh.add(`${row.tx_hash}:${row.log_index}`);
  }
  const pending = events.filter((event) => fresh.has(`${event.txHash}:${event.logIndex}`));
  await projectEvents(trx, pending, projectors);
  return pending;
}

/**
 * Runs events (in chain order) through every projector. A run of consecutive events of a kind
 * some projector takes in bulk (a back-fill of votes) goes to it at once.
 */
export async function projectEvents(trx: Trx, events: IndexedEvent[], projectors: Projector[]): Promise<void> {
  for (let start = 0; start < events.length; ) {
    const kind = eventKind(events[start]!);
    if (!projectors.some((project) => project.runs?.[kind])) {
      for (const project of projectors) await project(trx, events[start]!);
      start++;
      continue;
    }
    let end = start + 1;
    while (end < events.length && eventKind(events[end]!) === kind) end++;
    const run = events.slice(start, end);
    for (const project of projectors) {
      const projectRun = project.runs?.[kind];
      if (projectRun) await projectRun(trx, run);
      else for (const event of run) await project(trx, event);
    }
    start = end;
  }
}
