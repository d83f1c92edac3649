import "server-only";
import type { DatabaseHandle } from "@/lib/db/connection";
import type { Trx } from "@/lib/db/database";
import { chainClients } from "@/lib/chain/server/clients";
import { db } from "@/lib/db/client";
import { submittersOf } from "./live-audience.repository";
import { emitProjectionChange, onProjectionChange, withNamedIn, type ProjectionChange } from "@/lib/indexer/change-feed";
import { notifyProjectionChange } from "@/lib/indexer/change-feed-postgres";
import { logWarn } from "@/lib/log";
import { VOTE_CAST_KIND, type LiveEvent, type LiveTally, type PushedVotes } from "./live-event";
import { BRIDGE_KIND_PREFIX, isPublicChange, type PublicBridgeChange } from "./public-changes";
import { processHolder } from "@/lib/process-registry";

// One subscription to the indexer's change feed per process, fanned out to every open
// /api/live stream. Each change carries the timestamp of its block, so pages move their chain
// clock (window closing) from the same push that moves the projection. Events go out in commit order.
// A change holding votes also carries the new tallies and the newest voter rows, read once here for
// every stream, so open vote pages need not each read the capsule and its vote list again
// (docs/DECISIONS.md, "Tallies in the pushed change", "Voter rows in the pushed change").
// Every stream is public: a change that is not (lib/live/public-changes.ts) reaches none of them.

type Listener = (event: LiveEvent) => void;
export type PushedReads = { tallies?: LiveTally[]; votes?: PushedVotes[] };
/** Reads the tallies and voter rows a change may carry (features/live: only capsules the public may read). */
export type PushedReader = (capsuleIds: string[]) => Promise<PushedReads>;
type Hub = { listeners: Set<Listener>; unsubscribe?: () => void; head?: { block: number; blockTime: number }; queue: Promise<void>; readPushed?: PushedReader };
const globalForHub = processHolder<{ capsuleLiveHub: Hub }>("liveHub");

function hub(): Hub {
  globalForHub.capsuleLiveHub ??= { listeners: new Set(), queue: Promise.resolve() };
  return globalForHub.capsuleLiveHub;
}

async function readHead(block?: number): Promise<{ block: number; blockTime: number }> {
  const { publicClient } = chainClients();
  const read = await publicClient.getBlock(block === undefined ? { blockTag: "latest" } : { blockNumber: BigInt(block) });
  return { block: Number(read.number), blockTime: Number(read.timestamp) };
}

async function toEvent(change: ProjectionChange): Promise<LiveEvent> {
  const state = hub();
  const bridgeOnly = change.kinds.length > 0 && change.kinds.every((kind) => kind.startsWith(BRIDGE_KIND_PREFIX));
  const everything = Boolean(change.rewound || change.truncated);
  // the block, the authors and the tallies with voter rows are independent reads: one wait instead of three
  const [, audience, pushed] = await Promise.all([bridgeOnly ? undefined : moveHead(state, change), withAuthors(change), everything ? undefined : pushedReadsOf(state, change)]);
  state.head ??= await readHead().catch(() => ({ block: 0, blockTime: 0 }));
  return {
    ...audience,
    type: "change",
    block: state.head.block,
    blockTime: state.head.blockTime,
    caseIds: change.caseIds,
    kinds: change.kinds,
    everything,
    ...(pushed?.tallies ? { tallies: pushed.tallies } : {}),
    ...(pushed?.votes ? { votes: pushed.votes } : {}),
  };
}

async function moveHead(state: Hub, change: ProjectionChange): Promise<void> {
  try {
    const head = await readHead(change.toBlock);
    if (!state.head || head.block >= state.head.block || change.rewound) state.head = head;
  } catch (error) {
    logWarn("live", "could not read the block of a projection change", { block: change.toBlock, error: String(error) });
  }
}

/** The tallies and voter rows after a change holding votes, when someone listens; none when the read fails (pages then re-read). */
async function pushedReadsOf(state: Hub, change: ProjectionChange): Promise<PushedReads | undefined> {
  if (!state.readPushed || state.listeners.size === 0 || !change.kinds.includes(VOTE_CAST_KIND)) return undefined;
  try {
    return await state.readPushed(change.capsuleIds);
  } catch (error) {
    logWarn("live", "could not read the tallies of a projection change", { block: change.toBlock, error: String(error) });
    return undefined;
  }
}

/** Events name the wallets in their arguments; a capsule's author is told too (its inbox moved). */
async function withAuthors(change: ProjectionChange): Promise<{ capsuleIds: string[]; wallets: string[] }> {
  const ids = change.capsuleIds.filter((id) => /^[0-9]{1,15}$/.test(id)).map(Number);
  if (ids.length === 0 || ids.length > 500) return { capsuleIds: change.capsuleIds, wallets: change.wallets };
  try {
    const authors = await submittersOf(db(), ids);
    return { capsuleIds: change.capsuleIds, wallets: [...new Set([...change.wallets, ...authors])] };
  } catch {
    return { capsuleIds: change.capsuleIds, wallets: change.wallets };
  }
}

function ensureAttached(state: Hub): void {
  if (state.unsubscribe) return;
  state.unsubscribe = onProjectionChange((change) => {
    // also a private change another server (an older version) still NOTIFYs
    if (!isPublicChange(change)) return;
    state.queue = state.queue.then(async () => {
      const event = await toEvent(change);
      for (const listener of [...state.listeners]) {
        try {
          listener(event);
        } catch (error) {
          // a stream that can no longer take events (its client left unseen) must not starve the ones after it
          state.listeners.delete(listener);
          logWarn("live", "a live stream that failed to take a change was dropped", { error: String(error) });
        }
      }
    }).catch((error: unknown) => logWarn("live", "a projection change was not pushed", { error: String(error) }));
  });
}

/**
 * Subscribes to pushed changes; answers the current head (for the stream's hello) and the unsubscribe.
 * `readPushed` is the hub's one reader of tallies and voter rows (every stream passes the same; lib/ cannot import it).
 */
export async function subscribeLive(listener: Listener, readPushed?: PushedReader): Promise<{ head: { block: number; blockTime: number }; unsubscribe: () => void }> {
  const state = hub();
  state.readPushed ??= readPushed;
  ensureAttached(state);
  state.listeners.add(listener);
  const unsubscribe = () => {
    state.listeners.delete(listener);
  };
  try {
    state.head = await readHead();
  } catch {
    // the node is away: the stream still opens and carries changes when it is back
  }
  return { head: state.head ?? { block: 0, blockTime: 0 }, unsubscribe };
}

/** Only changes the public stream may carry are published (a private one would only reach other servers' hubs, which drop it). */
export type BridgeChange = { what: PublicBridgeChange; capsuleIds?: string[]; wallets?: string[]; caseIds?: string[] };

const asChange = (change: BridgeChange): ProjectionChange => ({
  fromBlock: 0,
  toBlock: 0,
  capsuleIds: change.capsuleIds ?? [],
  wallets: change.wallets ?? [],
  caseIds: change.caseIds ?? [],
  kinds: [`${BRIDGE_KIND_PREFIX}${change.what}`],
});

/**
 * A change the bridge itself committed to SQL (not from the chain) that open pages follow. Call
 * `inTransaction` inside the writing transaction, after its writes (PostgreSQL delivers the NOTIFY to the other
 * servers exactly when it commits) and `afterCommit` once it committed (this server's listeners). The change also
 * names the wallets the transaction's writes named (`nameInChange`: a void licence's seller side).
 */
export function bridgeChange(handle: Pick<DatabaseHandle, "dialect">, change: BridgeChange) {
  let projection = asChange(change);
  return {
    inTransaction: async (trx: Trx) => {
      projection = withNamedIn(trx, asChange(change));
      if (handle.dialect === "postgres") await notifyProjectionChange(trx, projection);
    },
    afterCommit: () => emitProjectionChange(projection),
  };
}
