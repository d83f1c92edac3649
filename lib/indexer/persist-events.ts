import type { Trx } from "@/lib/db/database";
import { eventKind, type IndexedEvent, type Projector } from "./projector";

const CHUNK = 400; // 9 columns per row stays far below SQLite's bound-parameter limit

/**
 * Inserts events into chain_events (multi-row, ON CONFLICT DO NOTHING … RETURNING) and then
 * projects, in order, only the ones not seen before. Shared by the background indexer and by
 * routes that sync right after their own transaction, so either path can come first.
 */
export async function persistEvents(trx: Trx, events: IndexedEvent[], projectors: Projector[]): Promise<number> {
  const fresh = new Set<string>();
  for (let start = 0; start < events.length; start += CHUNK) {
    const chunk = events.slice(start, start + CHUNK);
    const rows = await trx
      .insertInto("chain_events")
      .values(
        chunk.map((event) => ({
          chain_id: event.chainId,
          block_number: event.blockNumber,
          block_hash: event.blockHash,
          block_time: event.blockTime,
          tx_hash: event.txHash,
          log_index: event.logIndex,
          address: event.address,
          event_name: event.eventName,
          args_json: JSON.stringify(event.args),
        })),
      )
      .onConflict((oc) => oc.columns(["chain_id", "tx_hash", "log_index"]).doNothing())
      .returning(["tx_hash", "log_index"])
      .execute();
    for (const row of rows) fresh.add(`${row.tx_hash}:${row.log_index}`);
  }
  const pending = events.filter((event) => fresh.has(`${event.txHash}:${event.logIndex}`));
  for (let start = 0; start < pending.length; ) {
    const kind = eventKind(pending[start]!);
    if (!projectors.some((project) => project.runs?.[kind])) {
      for (const project of projectors) await project(trx, pending[start]!);
      start++;
      continue;
    }
    // A run of consecutive events of a kind some projector takes in bulk (a back-fill of votes).
    let end = start + 1;
    while (end < pending.length && eventKind(pending[end]!) === kind) end++;
    const run = pending.slice(start, end);
    for (const project of projectors) {
      const projectRun = project.runs?.[kind];
      if (projectRun) await projectRun(trx, run);
      else for (const event of run) await project(trx, event);
    }
    start = end;
  }
  return fresh.size;
}
