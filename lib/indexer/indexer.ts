import type { Db, Dialect } from "@/lib/db/database";
import { metrics } from "@/lib/metrics/metrics";
import { ChainMovedError, ChainReader, type BlockRef, type Header, type VerifiedRange } from "./chain-reader";
import { readCheckpoint, writeCheckpoint, type Checkpoint, type CheckpointRef } from "./checkpoint-repository";
import { commitBatch } from "./commit-batch";
import { finalityDepth } from "./finality";
import { CheckpointMovedError, commitProjection, type IndexerContext } from "./indexer-context";
import type { IndexedSource } from "./log-decoding";
import type { ProjectionReset, Projector } from "./projector";
import { closeOpenReorgs } from "./reorg-repository";
import { rewindProjection, type RewindResult } from "./rewind";
import { traceEnd, traceMark } from "./lag-trace";

export type IndexerOptions = {
  db: Db;
  dialect: Dialect;
  rpcUrl: string;
  chainId: number;
  startBlock: number;
  sources: IndexedSource[];
  projectors: Projector[];
  batchBlocks: number;
  /** What a rewind restores (features/projectors.ts lists them with the projectors). */
  resets: ProjectionReset[];
  /** Default: CAPSULE_FINALITY_DEPTH's default for the chain id (lib/indexer/finality.ts). */
  finalityDepth?: number;
  log?: (message: string) => void;
};

export type SyncResult = { fromBlock: number; toBlock: number; events: number; inserted: number; rewound?: RewindResult };

/** A pass that met a chain moving under it starts again, this many times, before giving up. */
const ATTEMPTS = 5;
const OVERTAKEN_LIMIT = 1_000;
/**
 * About how many events a back-fill commits at once: dense ranges are cut shorter than batchBlocks so
 * that there are several to pipeline (one read while another commits) and a commit stays small.
 */
const EVENTS_PER_COMMIT = 25_000;
/** The first range's length in blocks, before any density is known (it grows eightfold while empty). */
const FIRST_RANGE_BLOCKS = 16;

type PendingRange = { start: number; end: number; range: Promise<VerifiedRange> };

/**
 * The chain moved while read, another writer moved the checkpoint, or (SQLite) another connection
 * held the write lock past the busy timeout or committed after this transaction's snapshot.
 */
function retryable(error: unknown): boolean {
  if (error instanceof ChainMovedError || error instanceof CheckpointMovedError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * Reads the sources' logs from the checkpoint to the head in batches and writes them, their
 * projections and the new checkpoint (with its hash) in one transaction per batch: idempotent
 * (unique on chain id + tx hash + log index) and resumable. Every pass first checks that the
 * checkpoint's block is still the node's; when it is not (a reorg, or a rollback that left the
 * head below it) the projection is rewound to the fork point before indexing goes on.
 */
export class Indexer {
  private readonly ctx: IndexerContext;
  private readonly batchBlocks: number;
  /** Blocks the next back-fill range spans (fitRange): up to batchBlocks, fewer where events are dense. */
  private rangeBlocks: number;
  private queue: Promise<unknown> = Promise.resolve();
  private openReorgCheck = true;
  /** The checkpoint this indexer moved last (forgotten when anything else may have moved it). */
  private committed: CheckpointRef | undefined;

  constructor(options: IndexerOptions) {
    this.ctx = {
      db: options.db,
      dialect: options.dialect,
      chainId: options.chainId,
      startBlock: options.startBlock,
      sources: options.sources,
      projectors: options.projectors,
      resets: options.resets,
      finalityDepth: options.finalityDepth ?? finalityDepth(options.chainId, undefined),
      reader: new ChainReader({ rpcUrl: options.rpcUrl, chainId: options.chainId, sources: options.sources }),
      log: options.log ?? (() => undefined),
    };
    this.batchBlocks = options.batchBlocks;
    this.rangeBlocks = Math.min(options.batchBlocks, FIRST_RANGE_BLOCKS);
  }

  get reader(): ChainReader {
    return this.ctx.reader;
  }

  get finalityDepth(): number {
    return this.ctx.finalityDepth;
  }

  async head(): Promise<number> {
    return (await this.ctx.reader.head()).number;
  }

  /**
   * Indexes everything up to the current head (rewinding first if the chain went back); one pass at
   * a time. `newHead`: a header just announced by the node (newHeads); when its parent is the
   * checkpoint, that one block is read by its hash and committed without further requests.
   */
  syncToHead(newHead?: Header): Promise<SyncResult> {
    const pass = this.queue.catch(() => undefined).then(() => this.passWithRetries(newHead));
    this.queue = pass;
    return pass;
  }

  private async passWithRetries(newHead?: Header): Promise<SyncResult> {
    let failures = 0;
    let overtaken = 0;
    for (let first = true; ; first = false) {
      try {
        const next = first && newHead ? await this.nextBlock(newHead) : undefined;
        return next ?? (await this.pass());
      } catch (error) {
        // Overtaken by another writer: it made progress, so starting again from its checkpoint
        // always gets nearer the head; the bound only guards against a bug.
        if (error instanceof CheckpointMovedError && ++overtaken < OVERTAKEN_LIMIT) continue;
        if (!retryable(error) || ++failures >= ATTEMPTS) throw error;
      }
    }
  }

  /** The fast path of a followed chain: the new head's parent is the checkpoint (hash-linked). */
  private async nextBlock(head: Header): Promise<SyncResult | undefined> {
    // The checkpoint this indexer committed last spares a read; if another writer moved it since,
    // the conditional checkpoint move refuses the commit and the pass starts again from SQL.
    const checkpoint = this.committed ?? (await readCheckpoint(this.ctx.db).then((c) => (c ? { number: c.blockNumber, hash: c.blockHash } : undefined)));
    if (!checkpoint?.hash || this.openReorgCheck || head.number !== checkpoint.number + 1 || head.parentHash !== checkpoint.hash) return undefined;
    metrics().indexerHead.set(head.number);
    traceMark("pass");
    const range = await this.ctx.reader.readBlock(head);
    const inserted = await this.commit(head.number, range, checkpoint, true);
    traceEnd("done");
    return { fromBlock: head.number, toBlock: head.number, events: range.events.length, inserted };
  }

  private async commit(fromBlock: number, range: VerifiedRange, after: CheckpointRef | null, followed = false): Promise<number> {
    this.committed = undefined;
    const inserted = await commitBatch(this.ctx, fromBlock, range, after, { followed });
    this.committed = range.to;
    return inserted;
  }

  private async pass(): Promise<SyncResult> {
    this.committed = undefined;
    const head = await this.ctx.reader.head();
    metrics().indexerHead.set(head.number);
    let checkpoint = await readCheckpoint(this.ctx.db);
    let rewound: RewindResult | undefined;
    if (checkpoint && !(await this.onChain(checkpoint, head))) {
      rewound = await rewindProjection(this.ctx, checkpoint, head);
      checkpoint = await readCheckpoint(this.ctx.db);
    } else if (this.openReorgCheck) {
      // a rewind left unfinished (its server died, or the chain came back): no longer in progress
      await closeOpenReorgs(this.ctx.db, this.ctx.chainId, Math.floor(Date.now() / 1000));
      this.openReorgCheck = false;
    }
    if (rewound) this.openReorgCheck = true;

    const fromBlock = checkpoint ? checkpoint.blockNumber + 1 : this.ctx.startBlock;
    let after: CheckpointRef | null = checkpoint ? { number: checkpoint.blockNumber, hash: checkpoint.blockHash } : null;
    const result: SyncResult = { fromBlock, toBlock: fromBlock - 1, events: 0, inserted: 0, ...(rewound ? { rewound } : {}) };
    // Pipelined: the next range is read (the node's work, then parsing and decoding) while this one
    // commits. It is verified against this range's last block as read, exactly as a read after the
    // commit would be; it is committed only after this one, continuing its checkpoint.
    const read = (start: number, parent: BlockRef | undefined): PendingRange => {
      const end = Math.min(head.number, start + this.rangeBlocks - 1);
      const range = this.ctx.reader.readRange(start, end, parent, end === head.number ? head : undefined);
      range.catch(() => undefined); // awaited in turn; a failed commit before it must not leave it unhandled
      return { start, end, range };
    };
    const firstParent = after?.hash ? { number: after.number, hash: after.hash } : undefined;
    let next = fromBlock <= head.number ? read(fromBlock, firstParent) : undefined;
    while (next) {
      const { start, end } = next;
      const range = await next.range;
      this.fitRange(end - start + 1, range.events.length);
      next = end < head.number ? read(end + 1, range.to) : undefined;
      result.inserted += await this.commit(start, range, after);
      result.events += range.events.length;
      result.toBlock = end;
      after = range.to;
    }
    if (checkpoint && checkpoint.blockHash === null && fromBlock > head.number) await this.adoptHash(checkpoint, head);
    return result;
  }

  /**
   * The next range's length in blocks, from the one just read: about EVENTS_PER_COMMIT events at its
   * density, at most four times as long (a small sample can misjudge it; a range without events grows
   * eightfold), never more than `batchBlocks`.
   */
  private fitRange(blocks: number, events: number): void {
    const fitted = events === 0 ? blocks * 8 : Math.min(blocks * 4, Math.floor((blocks * EVENTS_PER_COMMIT) / events));
    this.rangeBlocks = Math.max(1, Math.min(this.batchBlocks, fitted));
  }

  /** The checkpoint's block is still the node's (a checkpoint without a hash, from before hashes were kept, is trusted). */
  private async onChain(checkpoint: Checkpoint, head: Header): Promise<boolean> {
    if (checkpoint.blockNumber > head.number) return false;
    if (checkpoint.blockHash === null) return true;
    const block = checkpoint.blockNumber === head.number ? head : await this.ctx.reader.header(checkpoint.blockNumber);
    return block?.hash === checkpoint.blockHash;
  }

  private async adoptHash(checkpoint: Checkpoint, head: Header): Promise<void> {
    const block = checkpoint.blockNumber === head.number ? head : await this.ctx.reader.header(checkpoint.blockNumber);
    if (!block) return;
    await commitProjection(this.ctx, async (trx) => {
      const current = await readCheckpoint(trx);
      if (current?.blockNumber === checkpoint.blockNumber && current.blockHash === null) {
        await writeCheckpoint(trx, { chainId: this.ctx.chainId, blockNumber: block.number, blockHash: block.hash, now: Math.floor(Date.now() / 1000) });
      }
      return { value: undefined };
    });
  }

  /**
   * Reads [fromBlock, toBlock] (verified) and writes it with checkpoint `toBlock` whatever the
   * checkpoint was: events already stored are neither inserted nor projected again.
   */
  async indexRange(fromBlock: number, toBlock: number): Promise<{ events: number; inserted: number }> {
    const range = await this.ctx.reader.readRange(fromBlock, toBlock);
    this.committed = undefined;
    return { events: range.events.length, inserted: await commitBatch(this.ctx, fromBlock, range, undefined) };
  }

  /** The verified events of a range without writing them (a rebuild reads the chain first). */
  readRange(fromBlock: number, toBlock: number, parent?: { number: number; hash: string }) {
    return this.ctx.reader.readRange(fromBlock, toBlock, parent);
  }
}
