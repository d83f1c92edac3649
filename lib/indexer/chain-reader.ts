import { createPublicClient, http, type Log, type PublicClient } from "viem";
import { decodeSourceLog, type IndexedSource } from "./log-decoding";
import type { IndexedEvent } from "./projector";

export type BlockRef = { number: number; hash: string };
export type Header = BlockRef & { parentHash: string; timestamp: number };

/** The chain moved while a range was read (a reorg in flight): nothing read may be committed. */
export class ChainMovedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChainMovedError";
  }
}

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
  private readonly sourcesByAddress: Map<string, IndexedSource>;

  constructor(private readonly options: { rpcUrl: string; chainId: number; sources: IndexedSource[] }) {
    this.client = createPublicClient({ transport: http(options.rpcUrl, { batch: { batchSize: 200 }, timeout: 20_000 }) });
    this.sourcesByAddress = new Map(options.sources.map((s) => [s.address.toLowerCase(), s]));
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
    const heights = new Set<number>([toBlock, ...logs.map((log) => Number(log.blockNumber))]);
    if (parent) heights.add(parent.number);
    const headers = await this.headers(heights);
    const after = headers.get(toBlock);
    if (!after || after.hash !== before.hash) throw new ChainMovedError(`block ${toBlock} changed while its range was read`);
    if (parent && headers.get(parent.number)?.hash !== parent.hash) {
      throw new ChainMovedError(`block ${parent.number} (the checkpoint) is no longer on the chain`);
    }
    const events: IndexedEvent[] = [];
    for (const log of logs) {
      const header = headers.get(Number(log.blockNumber));
      if (!header || header.hash !== log.blockHash) throw new ChainMovedError(`a log of block ${log.blockNumber} belongs to another fork`);
      // the block time comes from the header verified for this hash (never cached by number)
      const event = decodeSourceLog(log, this.sourcesByAddress, this.options.chainId, header.timestamp);
      if (event) events.push(event);
    }
    events.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
    return { events, to: { number: toBlock, hash: after.hash }, verified: [...headers.values()].map(({ number, hash }) => ({ number, hash })) };
  }

  /**
   * The sources' events of exactly one block, named by its hash (eth_getLogs with blockHash,
   * EIP-234): no reorg can mix another block's logs in. For a new head whose parent is the checkpoint.
   */
  async readBlock(header: Header): Promise<VerifiedRange> {
    const logs = await this.client.getLogs({ address: this.options.sources.map((s) => s.address), blockHash: header.hash as `0x${string}` });
    const events: IndexedEvent[] = [];
    for (const log of logs) {
      if (log.blockHash !== header.hash) throw new ChainMovedError(`a log of block ${header.number} belongs to another block`);
      const event = decodeSourceLog(log, this.sourcesByAddress, this.options.chainId, header.timestamp);
      if (event) events.push(event);
    }
    events.sort((a, b) => a.logIndex - b.logIndex);
    const to = { number: header.number, hash: header.hash };
    return { events, to, verified: [to] };
  }

  /** Logs of the range; a range whose logs do not fit one node response is split in halves. */
  private async logs(fromBlock: number, toBlock: number): Promise<Log[]> {
    try {
      return await this.client.getLogs({
        address: this.options.sources.map((s) => s.address),
        fromBlock: BigInt(fromBlock),
        toBlock: BigInt(toBlock),
      });
    } catch (error) {
      const message = error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details ?? "")}` : String(error);
      if (toBlock <= fromBlock || !/size limit|too large|exceed|more than \d+ results|response size/i.test(message)) throw error;
      const middle = Math.floor((fromBlock + toBlock) / 2);
      return [...(await this.logs(fromBlock, middle)), ...(await this.logs(middle + 1, toBlock))];
    }
  }

  private toHeader(block: { number: bigint | null; hash: `0x${string}` | null; parentHash: `0x${string}`; timestamp: bigint }): Header {
    if (block.number === null || block.hash === null) throw new ChainMovedError("the node answered a pending block");
    return { number: Number(block.number), hash: block.hash, parentHash: block.parentHash, timestamp: Number(block.timestamp) };
  }
}
