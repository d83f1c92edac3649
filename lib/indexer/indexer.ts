import { createPublicClient, http, type Log, type PublicClient } from "viem";
import type { Db, Dialect } from "@/lib/db/database";
import { readCheckpoint, writeCheckpoint } from "./checkpoint-repository";
import { decodeSourceLog, type IndexedSource } from "./log-decoding";
import type { IndexedEvent, Projector } from "./projector";
import { persistEvents } from "./persist-events";
import { lockProjection } from "./projection-lock";

export type IndexerOptions = {
  db: Db;
  dialect: Dialect;
  rpcUrl: string;
  chainId: number;
  startBlock: number;
  sources: IndexedSource[];
  projectors: Projector[];
  batchBlocks: number;
};

export type SyncResult = { fromBlock: number; toBlock: number; events: number; inserted: number };

/**
 * Reads the sources' logs from the checkpoint to the head in batches and writes them, their
 * projections and the new checkpoint in one transaction per batch: idempotent (unique on
 * chain id + tx hash + log index) and resumable.
 */
export class Indexer {
  private readonly client: PublicClient;
  private readonly sourcesByAddress: Map<string, IndexedSource>;
  private readonly blockTimes = new Map<bigint, number>();

  constructor(private readonly options: IndexerOptions) {
    this.client = createPublicClient({ transport: http(options.rpcUrl, { batch: { batchSize: 200 }, timeout: 20_000 }) });
    this.sourcesByAddress = new Map(options.sources.map((s) => [s.address.toLowerCase(), s]));
  }

  async head(): Promise<number> {
    // viem caches the block number for 4 s by default; the indexer must see every new head at once
    return Number(await this.client.getBlockNumber({ cacheTime: 0 }));
  }

  /** Indexes everything up to the current head; returns what it did. */
  async syncToHead(): Promise<SyncResult> {
    const head = await this.head();
    const checkpoint = await readCheckpoint(this.options.db);
    const fromBlock = checkpoint ? checkpoint.blockNumber + 1 : this.options.startBlock;
    const result: SyncResult = { fromBlock, toBlock: fromBlock - 1, events: 0, inserted: 0 };
    for (let start = fromBlock; start <= head; start += this.options.batchBlocks) {
      const end = Math.min(head, start + this.options.batchBlocks - 1);
      const batch = await this.indexBatch(start, end);
      result.toBlock = end;
      result.events += batch.events;
      result.inserted += batch.inserted;
    }
    return result;
  }

  /** One batch: its events, projections and checkpoint in one transaction. */
  private async indexBatch(fromBlock: number, toBlock: number): Promise<{ events: number; inserted: number }> {
    const events = await this.fetchEvents(fromBlock, toBlock);
    return { events: events.length, inserted: await this.persist(events, toBlock) };
  }

  /**
   * The decoded events of the sources in [fromBlock, toBlock], in block and log order. A range
   * whose logs do not fit one node response is split in halves.
   */
  async fetchEvents(fromBlock: number, toBlock: number): Promise<IndexedEvent[]> {
    try {
      return await this.fetchRange(fromBlock, toBlock);
    } catch (error) {
      const message = error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details ?? "")}` : String(error);
      if (toBlock <= fromBlock || !/size limit|too large|exceed|more than \d+ results|response size/i.test(message)) throw error;
      const middle = Math.floor((fromBlock + toBlock) / 2);
      return [...(await this.fetchEvents(fromBlock, middle)), ...(await this.fetchEvents(middle + 1, toBlock))];
    }
  }

  private async blockTime(log: Log): Promise<number> {
    const withTime = log as Log & { blockTimestamp?: `0x${string}` | bigint };
    if (withTime.blockTimestamp !== undefined) return Number(withTime.blockTimestamp);
    const number = log.blockNumber ?? 0n;
    const cached = this.blockTimes.get(number);
    if (cached !== undefined) return cached;
    const block = await this.client.getBlock({ blockNumber: number });
    const time = Number(block.timestamp);
    this.blockTimes.set(number, time);
    if (this.blockTimes.size > 10_000) this.blockTimes.clear();
    return time;
  }

  private async fetchRange(fromBlock: number, toBlock: number): Promise<IndexedEvent[]> {
    const logs = await this.client.getLogs({
      address: this.options.sources.map((s) => s.address),
      fromBlock: BigInt(fromBlock),
      toBlock: BigInt(toBlock),
    });
    const events: IndexedEvent[] = [];
    await Promise.all(logs.map((log) => this.blockTime(log)));
    for (const log of logs) {
      const event = decodeSourceLog(log, this.sourcesByAddress, this.options.chainId, await this.blockTime(log));
      if (event) events.push(event);
    }
    return events.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  }

  /** Writes the events, their projections and the checkpoint `toBlock` in one transaction. */
  private async persist(events: IndexedEvent[], toBlock: number): Promise<number> {
    return this.options.db.transaction().execute(async (trx) => {
      await lockProjection(trx, this.options.dialect);
      const inserted = await persistEvents(trx, events, this.options.projectors);
      await writeCheckpoint(trx, { chainId: this.options.chainId, blockNumber: toBlock, blockHash: null, now: Math.floor(Date.now() / 1000) });
      return inserted;
    });
  }

  async indexRange(fromBlock: number, toBlock: number): Promise<{ events: number; inserted: number }> {
    const events = await this.fetchRange(fromBlock, toBlock);
    return { events: events.length, inserted: await this.persist(events, toBlock) };
  }
}
