import { randomBytes } from "node:crypto";
import type { Trx } from "@/lib/db/database";
import { eventKind, type IndexedEvent } from "./projector";
import { processHolder } from "@/lib/process-registry";

/**
 * What a committed indexer batch or rewind changed in the projection. The lists may all be empty
 * (only the checkpoint moved). `truncated`: the change reached this server through PostgreSQL
 * NOTIFY and was too large for its payload; treat everything up to `toBlock` as changed.
 */
export type ProjectionChange = {
  fromBlock: number;
  toBlock: number;
  rewound?: { forkBlock: number; depth: number };
  capsuleIds: string[];
  wallets: string[];
  caseIds: string[];
  kinds: string[];
  truncated?: true;
};

export type ProjectionListener = (change: ProjectionChange) => void;

// In the process registry: Next's route bundles and the tsx server entry are separate module graphs in one
// process, and a change committed by the indexer in one must reach listeners registered in the other.
type FeedState = { listeners: Set<ProjectionListener>; origin: string };
const globalForFeed = processHolder<{ capsuleProjectionFeed: FeedState }>("projectionFeed");

function feed(): FeedState {
  globalForFeed.capsuleProjectionFeed ??= { listeners: new Set(), origin: randomBytes(8).toString("hex") };
  return globalForFeed.capsuleProjectionFeed;
}

/** Calls `listener` after every committed batch or rewind of the projection; answers the unsubscribe. */
export function onProjectionChange(listener: ProjectionListener): () => void {
  const { listeners } = feed();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** This process's id in NOTIFY payloads, so a server does not re-emit its own changes. */
export const feedOrigin = () => feed().origin;

export function emitProjectionChange(change: ProjectionChange): void {
  for (const listener of [...feed().listeners]) {
    try {
      listener(change);
    } catch {
      // a listener's failure is its own; the others and the indexer carry on
    }
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Collects the capsules, wallets, court cases and event kinds a set of events touches. */
export class ChangeCollector {
  private readonly capsuleIds = new Set<string>();
  private readonly wallets = new Set<string>();
  private readonly caseIds = new Set<string>();
  private readonly kinds = new Set<string>();

  add(events: Iterable<IndexedEvent>): this {
    for (const event of events) {
      this.kinds.add(eventKind(event));
      for (const [key, value] of Object.entries(event.args)) {
        if (key === "capsuleId" || key === "parentCapsuleId") {
          if (String(value) !== "0") this.capsuleIds.add(String(value));
        } else if (key === "caseId") this.caseIds.add(String(value));
        else if (typeof value === "string" && ADDRESS.test(value)) this.wallets.add(value);
      }
    }
    return this;
  }

  change(fromBlock: number, toBlock: number, rewound?: ProjectionChange["rewound"]): ProjectionChange {
    return {
      fromBlock,
      toBlock,
      ...(rewound ? { rewound } : {}),
      capsuleIds: [...this.capsuleIds],
      wallets: [...this.wallets],
      caseIds: [...this.caseIds],
      kinds: [...this.kinds],
    };
  }
}

export const describeChange = (events: IndexedEvent[], fromBlock: number, toBlock: number) => new ChangeCollector().add(events).change(fromBlock, toBlock);

// Wallets a projector names in the change of the batch it projects, beyond its events' arguments: whose inbox an event
// moved without naming them (a void licence's seller side). Keyed by the batch's transaction, taken once when the batch
// describes its change (commit-batch.ts), or by the bridge change a request writes in its own transaction
// (lib/live/live-hub.ts, bridgeChange); a transaction neither takes them from is forgotten with them.
const namedByProjectors = new WeakMap<Trx, Set<string>>();

/** Names `wallets` in the change of the batch projected in `trx` (open pages of theirs re-read). */
export function nameInChange(trx: Trx, wallets: Iterable<string>): void {
  const named = namedByProjectors.get(trx) ?? new Set<string>();
  for (const wallet of wallets) if (ADDRESS.test(wallet)) named.add(wallet);
  namedByProjectors.set(trx, named);
}

/** `change` with the wallets named in `trx` (taken: they go out with one change). */
export function withNamedIn(trx: Trx, change: ProjectionChange): ProjectionChange {
  const named = namedByProjectors.get(trx);
  namedByProjectors.delete(trx);
  return named ? { ...change, wallets: [...new Set([...change.wallets, ...named])] } : change;
}

/** The change of a batch's events, with the wallets its projectors named in `trx`. */
export const describeBatchChange = (trx: Trx, events: IndexedEvent[], fromBlock: number, toBlock: number): ProjectionChange =>
  withNamedIn(trx, describeChange(events, fromBlock, toBlock));
