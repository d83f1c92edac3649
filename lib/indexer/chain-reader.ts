import { BaseError, HttpRequestError, ResponseBodyTooLargeError, TimeoutError, createPublicClient, http, withRetry, type Log, type PublicClient } from "viem";
import { decodableSources, decodeSourceLog, type DecodableSource, type IndexedSource } from "./log-decoding";
import type { IndexedEvent } from "./projector";
import { traceMark } from "./lag-trace";

export type BlockRef = { number: number; hash: string };
export type Header = BlockRef & { parentHash: string; timestamp: number };

/** The chain moved while a range was read (a reorg in flight): nothing read may be committed. */
export class ChainMovedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChainMovedError";
  }
}

/** eth_getLogs requests in flight at once for one range. */
const LOG_REQUESTS = 4;
const MAX_LOG_SPAN = 1_000_000;

/** How many parts a range whose logs did not fit one answer is read in; 0: not a size error. */
function splitInto(error: unknown): number {
  const tooLarge = error instanceof BaseError ? error.walk((e) => e instanceof ResponseBodyTooLargeError) : null;
  if (tooLarge instanceof ResponseBodyTooLargeError && Number.isFinite(tooLarge.size) && tooLarge.size > 0) {
    return Math.max(2, Math.ceil((tooLarge.size / tooLarge.maxSize) * 1.25));
  }
  const message = error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details ?? "")}` : String(error);
  return /size limit|too large|exceed|more than \d+ results|response size/i.test(message) ? 2 : 0;
}

/** A failure worth the same request again (the transport's or a rate limit), never a size error. */
function transient(error: unknown): boolean {
  if (splitInto(error) > 0 || !(error instanceof BaseError)) return false;
  return Boolean(
    error.walk((e) => {
      const code = (e as { code?: unknown }).code;
      return e instanceof TimeoutError || e instanceof HttpRequestError || code === 429 || code === -32005 || code === -32007 || code === -1;
    }),
  );
}

/** The block range cut into consecutive spans of at most `span` blocks. */
function spansOf(fromBlock: number, toBlock: number, span: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let start = fromBlock; start <= toBlock; start += span) spans.push([start, Math.min(toBlock, start + span - 1)]);
  return spans;
}

/** Maps `items` with at most `limit` calls in flight; answers in the items' order. */
async function inParallel<T, R>(items: T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await map(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** A log as read, before its block is verified: its event (block time not yet set), if a source's. */
type ReadLog = { blockNumber: number; blockHash: string | null; event: IndexedEvent | undefined };

export type VerifiedRange = {
  events: IndexedEvent[];
  /** The block `toBlock` as verified before and after the logs were read. */
  to: BlockRef;
  /** Every block whose hash was verified in this read (the parent link, the log blocks, `toBlock`). */
  verified: BlockRef[];
};

/**
 * The indexer's reads from the node. A range is committed only when it is consistent: `toBlock`'s
 * hash is read before and after eth_getLogs, every log's blockHash equals the hash of its block read
 * in the same pass, and the block before the range (the checkpoint) still has the hash stored.
 */
export class ChainReader {
  readonly client: PublicClient;
  /** eth_getLogs only: unbatched, and retried by `logsOf` itself (never when the answer was too large). */
  private readonly logClient: PublicClient;
  /** A followed head's one eth_getLogs: not batched (the batch scheduler would hold it for a timer tick first). */
  private readonly headClient: PublicClient;
  /** Blocks per eth_getLogs request: shrinks to what fitted one answer, grows when answers are well under it. */
  private logSpan = MAX_LOG_SPAN;
  /** The fewest logs seen in a request that did not fit (the span grows only while answers stay under half of it). */
  private logsThatFailed = Number.POSITIVE_INFINITY;
  private readonly sourcesByAddress: Map<string, DecodableSource>;

  constructor(private readonly options: { rpcUrl: string; chainId: number; sources: IndexedSource[] }) {
    this.client = createPublicClient({ transport: http(options.rpcUrl, { batch: { batchSize: 200 }, timeout: 20_000 }) });
    this.logClient = createPublicClient({ transport: http(options.rpcUrl, { timeout: 20_000, retryCount: 0 }) });
    this.headClient = createPublicClient({ transport: http(options.rpcUrl, { timeout: 20_000 }) });
    this.sourcesByAddress = decodableSources(options.sources);
  }

  async head(): Promise<Header> {
    return this.toHeader(await this.client.getBlock({ blockTag: "latest" }));
  }

  /** Headers of the given heights (one batched request per 200); a height above the head is absent. */
  async headers(numbers: Iterable<number>): Promise<Map<number, Header>> {
    const unique = [...new Set(numbers)];
    const blocks = await Promise.all(
      unique.map((n) =>
        this.client.getBlock({ blockNumber: BigInt(n) }).catch((error: unknown) => {
          if (error instanceof Error && error.name === "BlockNotFoundError") return undefined;
          throw error;
        }),
      ),
    );
    const out = new Map<number, Header>();
    for (const block of blocks) if (block) out.set(Number(block.number), this.toHeader(block));
    return out;
  }

  async header(number: number): Promise<Header | undefined> {
    return (await this.headers([number])).get(number);
  }

  /**
   * The sources' events in [fromBlock, toBlock], verified as one view of the chain. `parent` is
   * the block before the range as already indexed (omit at the start block); `toKnown` is
   * `toBlock`'s header when the caller just read it (saves a request).
   */
  async readRange(fromBlock: number, toBlock: number, parent?: BlockRef, toKnown?: Header): Promise<VerifiedRange> {
    const before = toKnown ?? (await this.header(toBlock));
    if (!before) throw new ChainMovedError(`block ${toBlock} is no longer on the node`);
    const logs = await this.logs(fromBlock, toBlock);
    const heights = new Set<number>([toBlock, ...logs.map((log) => log.blockNumber)]);
    if (parent) heights.add(parent.number);
    const headers = await this.headers(heights);
    const after = headers.get(toBlock);
    if (!after || after.hash !== before.hash) throw new ChainMovedError(`block ${toBlock} changed while its range was read`);
    if (parent && headers.get(parent.number)?.hash !== parent.hash) {
      throw new ChainMovedError(`block ${parent.number} (the checkpoint) is no longer on the chain`);
    }
    const events: IndexedEvent[] = [];
    for (const log of logs) {
      const header = headers.get(log.blockNumber);
      if (!header || header.hash !== log.blockHash) throw new ChainMovedError(`a log of block ${log.blockNumber} belongs to another fork`);
      if (!log.event) continue;
      // the block time comes from the header verified for this hash (never cached by number)
      log.event.blockTime = header.timestamp;
      events.push(log.event);
    }
    events.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
    return { events, to: { number: toBlock, hash: after.hash }, verified: [...headers.values()].map(({ number, hash }) => ({ number, hash })) };
  }

  /**
   * The sources' events of exactly one block, named by its hash (eth_getLogs with blockHash,
   * EIP-234): no reorg can mix another block's logs in. For a new head whose parent is the checkpoint.
   */
  async readBlock(header: Header): Promise<VerifiedRange> {
    const logs = await this.headClient.getLogs({ address: this.options.sources.map((s) => s.address), blockHash: header.hash as `0x${string}` });
    traceMark("getLogs");
    const events: IndexedEvent[] = [];
    for (const log of logs) {
      if (log.blockHash !== header.hash) throw new ChainMovedError(`a log of block ${header.number} belongs to another block`);
      const event = decodeSourceLog(log, this.sourcesByAddress, this.options.chainId, header.timestamp);
      if (event) events.push(event);
    }
    events.sort((a, b) => a.logIndex - b.logIndex);
    traceMark("decoded");
    const to = { number: header.number, hash: header.hash };
    return { events, to, verified: [to] };
  }

  /**
   * Logs of the range in chain order: split into spans of `logSpan` blocks, up to LOG_REQUESTS in
   * flight, each its own HTTP request (a JSON-RPC batch would put them in one response again). A
   * span whose logs do not fit one response is split into as many parts as its size says, and
   * `logSpan` shrinks to what fitted; it grows again once ranges come back well under the limit.
   * Each part is decoded as it arrives (while the node still answers the others), keeping of a log
   * only what the range's verification needs; the block time is set once its header is verified.
   */
  private async logs(fromBlock: number, toBlock: number): Promise<ReadLog[]> {
    const parts = await inParallel(spansOf(fromBlock, toBlock, this.logSpan), LOG_REQUESTS, async ([from, to]) => {
      const { logs, split } = await this.logsOf(from, to);
      return { split, count: logs.length, logs: logs.map((log) => this.readLog(log)) };
    });
    const densest = Math.max(0, ...parts.map((part) => part.count));
    if (!parts.some((part) => part.split) && densest * 2 < this.logsThatFailed && this.logSpan < MAX_LOG_SPAN) this.logSpan *= 2;
    return parts.flatMap((part) => part.logs);
  }

  private readLog(log: Log): ReadLog {
    return { blockNumber: Number(log.blockNumber), blockHash: log.blockHash, event: decodeSourceLog(log, this.sourcesByAddress, this.options.chainId, 0) };
  }

  private async logsOf(fromBlock: number, toBlock: number): Promise<{ logs: Log[]; split: boolean }> {
    try {
      const logs = await withRetry(
        () => this.logClient.getLogs({ address: this.options.sources.map((s) => s.address), fromBlock: BigInt(fromBlock), toBlock: BigInt(toBlock) }),
        { retryCount: 3, delay: ({ count }) => 150 * 2 ** count, shouldRetry: ({ error }) => transient(error) },
      );
      return { logs, split: false };
    } catch (error) {
      const parts = splitInto(error);
      if (toBlock <= fromBlock || parts === 0) throw error;
      const span = Math.max(1, Math.ceil((toBlock - fromBlock + 1) / parts));
      this.logSpan = Math.min(this.logSpan, span);
      const logs = (await inParallel(spansOf(fromBlock, toBlock, span), LOG_REQUESTS, ([from, to]) => this.logsOf(from, to))).flatMap((part) => part.logs);
      this.logsThatFailed = Math.min(this.logsThatFailed, logs.length);
      return { logs, split: true };
    }
  }

  private toHeader(block: { number: bigint | null; hash: `0x${string}` | null; parentHash: `0x${string}`; timestamp: bigint }): Header {
    if (block.number === null || block.hash === null) throw new ChainMovedError("the node answered a pending block");
    return { number: Number(block.number), hash: block.hash, parentHash: block.parentHash, timestamp: Number(block.timestamp) };
  }
}
