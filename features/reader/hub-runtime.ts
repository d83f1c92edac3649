import "server-only";
import type { Db } from "@/lib/db/database";
import { logError } from "@/lib/log";
import { onProjectionChange } from "@/lib/indexer/change-feed";
import { deliverDue, type DeliverySettings } from "./delivery-worker";
import { queueFeedChanges, queuePenaltyEnds, queueTopicChanges } from "./publish";

// The hub's publisher and delivery loop, a leader duty (scripts/start.ts): every projection change
// (an indexed batch, or a bridge write such as a court label, on any server) queues deliveries
// for the feeds that carried the changed articles and changed, and the loop delivers what is due.
// Two changes have no event of their own: a court penalty ending (looked for every `penaltySweepMs`),
// and whatever changed while no server led the hub (every topic is looked at when the hub starts).

export type WebSubHub = { stop: () => Promise<void>; idle: () => Promise<void> };

const PENALTY_SWEEP_MS = 60_000;

export function startWebSubHub(options: { db: Db; settings: DeliverySettings; pollMs?: number; penaltySweepMs?: number }): WebSubHub {
  const pollMs = options.pollMs ?? 500;
  let running = true;
  let wake: (() => void) | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const kick = () => wake?.();
  const enqueue = (what: string, work: () => Promise<unknown>) => {
    queue = queue
      .then(work)
      .then(kick)
      .catch((error: unknown) => logError("websub", error, { what }));
  };

  // a topic never looked at before (a first start with this table) is only recorded: nothing says it changed
  enqueue("looking for changes made while the hub was stopped", () => queueTopicChanges(options.db, "*", "restart", [], { pushUnknown: false }));
  let sweptTo = Math.floor(Date.now() / 1000);
  const sweep = setInterval(() => {
    const to = Math.floor(Date.now() / 1000);
    const from = sweptTo;
    sweptTo = to;
    enqueue("queueing ended penalties", () => queuePenaltyEnds(options.db, from, to));
  }, options.penaltySweepMs ?? PENALTY_SWEEP_MS);
  sweep.unref();

  const unsubscribe = onProjectionChange((change) => {
    const ids = change.capsuleIds.map(Number).filter(Number.isSafeInteger);
    if (ids.length === 0 && !change.truncated) return;
    enqueue("queueing deliveries", () => queueFeedChanges(options.db, ids, change.kinds.length > 0 ? change.kinds.join(",") : "change", { all: change.truncated === true }));
  });

  const loop = (async () => {
    while (running) {
      let attempted = 0;
      try {
        attempted = await deliverDue(options.db, options.settings);
      } catch (error) {
        logError("websub", error, { what: "delivering" });
      }
      if (attempted > 0 || !running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    idle: () => queue.then(() => undefined),
    stop: async () => {
      running = false;
      clearInterval(sweep);
      unsubscribe();
      kick();
      await queue.catch(() => undefined);
      await loop;
    },
  };
}
