import { createPublicClient, http, type Log, type PublicClient } from "viem";
import type { Db, Dialect } from "@/lib/db/database";
import { readCheckpoint, writeCheckpoint } from "./checkpoint-repository";
import { decodeSourceLog, type IndexedSource } from "./log-decoding";
import type { IndexedEvent, Projector } from "./projector";
import { persistEvents } from "./persist-events";

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
      const batch = await this.indexAdaptive(start, end);
      result.toBlock = end;
      result.events += batch.events;
      result.inserted += batch.inserted;
    }
    return result;
  }

  /** Splits a range in halves when the node answers that the logs do not fit one response. */
  private async indexAdaptive(fromBlock: number, toBlock: number): Promise<{ events: number; inserted: number }> {
    try {
      return await this.indexRange(fromBlock, toBlock);
    } catch (error) {
      const message = error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details ?? "")}` : String(error);
      if (toBlock <= fromBlock || !/size limit|too large|exceed|more than \d+ results|response size/i.test(message)) throw error;
      const middle = Math.floor((fromBlock + toBlock) / 2);
      const first = await this.indexAdaptive(fromBlock, middle);
      const second = await this.indexAdaptive(middle + 1, toBlock);
      return { events: first.events + second.events, inserted: first.inserted + second.inserted };
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

  async indexRange(fromBlock: number, toBlock: number): Promise<{ events: number; inserted: number }> {
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
    events.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
    let inserted = 0;
    await this.options.db.transaction().execute(async (trx) => {
      inserted = await persistEvents(trx, events, this.options.projectors);
      await writeCheckpoint(trx, { chainId: this.options.chainId, blockNumber: toBlock, blockHash: null, now: Math.floor(Date.now() / 1000) });
    });
    return { events: events.length, inserted };
  }
}
