import type { DbOrTrx } from "@/lib/db/database";
import type { ChainEventRow } from "@/lib/db/tables/foundation.table";
import type { IndexedSource } from "./log-decoding";
import type { IndexedEvent } from "./projector";

const PAGE = 5_000;

/** A chain_events row as the projectors received it when it was indexed (no node round-trip). */
export function storedEvent(row: ChainEventRow, contractByAddress: Map<string, string>): IndexedEvent | undefined {
  const contract = contractByAddress.get(row.address.toLowerCase());
  if (!contract) return undefined;
  return {
    chainId: Number(row.chain_id),
    contract,
    address: row.address,
    eventName: row.event_name,
    args: JSON.parse(row.args_json) as IndexedEvent["args"],
    blockNumber: Number(row.block_number),
    blockHash: row.block_hash,
    blockTime: Number(row.block_time),
    txHash: row.tx_hash,
    logIndex: Number(row.log_index),
  };
}

export const contractsByAddress = (sources: IndexedSource[]) => new Map(sources.map((s) => [s.address.toLowerCase(), s.name]));

/** The stored events of a block range in chain order, a page at a time (keyset on block, log index). */
export async function* storedEvents(
  db: DbOrTrx,
  options: { chainId: number; sources: IndexedSource[]; fromBlock?: number; toBlock?: number },
): AsyncGenerator<IndexedEvent[]> {
  const contracts = contractsByAddress(options.sources);
  let after: { block: number; log: number } | undefined;
  for (;;) {
    let query = db.selectFrom("chain_events").selectAll().where("chain_id", "=", options.chainId);
    if (options.fromBlock !== undefined) query = query.where("block_number", ">=", options.fromBlock);
    if (options.toBlock !== undefined) query = query.where("block_number", "<=", options.toBlock);
    if (after) {
      const cursor = after;
      query = query.where((eb) =>
        eb.or([eb("block_number", ">", cursor.block), eb.and([eb("block_number", "=", cursor.block), eb("log_index", ">", cursor.log)])]),
      );
    }
    const rows = await query.orderBy("block_number").orderBy("log_index").limit(PAGE).execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { block: Number(last.block_number), log: Number(last.log_index) };
    yield rows.flatMap((row) => storedEvent(row, contracts) ?? []);
    if (rows.length < PAGE) return;
  }
}
