import type { Db, Dialect } from "@/lib/db/database";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import type { Header } from "@/lib/indexer/chain-reader";
import { subscribeNewHeads, type HeadSubscription } from "@/lib/indexer/head-subscription";
import { Indexer } from "@/lib/indexer/indexer";
import { registerIndexerRuntime } from "@/lib/indexer/indexer-runtime";
import { projectionResets, projectors } from "./projectors";
import { traceMark } from "@/lib/indexer/lag-trace";
import { indexedSources, indexerStartBlock } from "@/lib/indexer/sources";

export type IndexerHandle = { indexer: Indexer; stop: () => Promise<void> };

/**
 * While the newHeads subscription is up, a pass also runs this long after the last one: a rollback
 * (anvil_rollback, evm_revert, a node restored from an older state) produces no new head.
 */
export const ROLLBACK_CHECK_MS = 2_000;

/**
 * Back-fills, then follows new heads: a pass per `newHeads` notification on the node's WebSocket,
 * polling every `pollMs` only while the subscription is down (it reconnects by itself). Routes of
 * this process can ask for a pass at once (indexerRuntime().requestPass()).
 */
export async function startIndexer(options: {
  db: Db;
  dialect: Dialect;
  rpcUrl: string;
  /** The node's WebSocket; without one the indexer polls. */
  wsUrl?: string;
  deployment: DeploymentRecord;
  pollMs?: number;
  batchBlocks?: number;
  finalityDepth?: number;
  log?: (message: string) => void;
}): Promise<IndexerHandle> {
  const log = options.log ?? (() => undefined);
  const pollMs = options.pollMs ?? 100;
  const indexer = new Indexer({ resets: projectionResets,
    db: options.db,
    dialect: options.dialect,
    rpcUrl: options.rpcUrl,
    chainId: options.deployment.chainId,
    startBlock: indexerStartBlock(options.deployment),
    sources: indexedSources(options.deployment),
    projectors,
    batchBlocks: options.batchBlocks ?? 2000,
    ...(options.finalityDepth === undefined ? {} : { finalityDepth: options.finalityDepth }),
    log: (m) => log(`indexer: ${m}`),
  });
  const first = await indexer.syncToHead();
  log(`indexed blocks ${first.fromBlock}..${first.toBlock} (${first.inserted} new events; finality depth ${indexer.finalityDepth})`);

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let lastError = "";
  let subscription: HeadSubscription | undefined;
  let announced: Header | undefined; // the newest head the subscription announced, not yet indexed

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = stopped ? undefined : setTimeout(trigger, ms);
  };
  const run = async () => {
    let failed = false;
    do {
      again = false;
      try {
        const head = announced;
        announced = undefined;
        traceMark("run");
        await indexer.syncToHead(head);
        lastError = "";
      } catch (error) {
        failed = true;
        const message = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
        if (message !== lastError) log(`indexer: ${message} (retrying)`);
        lastError = message;
      }
    } while (again && !stopped && !failed);
  };
  function trigger() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    running = run().finally(() => {
      running = undefined;
      schedule(lastError || !subscription?.isUp() ? pollMs : ROLLBACK_CHECK_MS);
    });
  }

  if (options.wsUrl) {
    subscription = subscribeNewHeads({
      url: options.wsUrl,
      onHead: (head) => {
        if (!announced || head.number >= announced.number) announced = head;
        trigger();
      },
      onState: (up, reason) => {
        log(up ? "indexer: following new heads by subscription" : `indexer: newHeads subscription down (${reason ?? "closed"}); polling every ${pollMs} ms`);
        trigger();
      },
    });
  }
  const unregister = registerIndexerRuntime({ requestPass: trigger, following: () => (subscription?.isUp() ? "subscription" : "polling") });
  schedule(pollMs);
  return {
    indexer,
    stop: async () => {
      stopped = true;
      unregister();
      if (timer) clearTimeout(timer);
      await subscription?.close();
      await running;
    },
  };
}
