import "server-only";
import type { Db } from "@/lib/db/database";
import { logError } from "@/lib/log";
import { onProjectionChange } from "@/lib/indexer/change-feed";
import { deliverDue, type DeliverySettings } from "./delivery-worker";
import { queueFeedChanges } from "./publish";

// The hub's publisher and delivery loop, a leader duty (scripts/start.ts): every projection change
// (an indexed batch, or a bridge write such as a court label, on any server) queues deliveries
// for the feeds that carried the changed articles, and the loop delivers what is due.

export type WebSubHub = { stop: () => Promise<void>; idle: () => Promise<void> };

export function startWebSubHub(options: { db: Db; settings: DeliverySettings; pollMs?: number }): WebSubHub {
  const pollMs = options.pollMs ?? 500;
  let running = true;
  let wake: (() => void) | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const kick = () => wake?.();

  const unsubscribe = onProjectionChange((change) => {
    const ids = change.capsuleIds.map(Number).filter(Number.isSafeInteger);
    if (ids.length === 0 && !change.truncated) return;
    queue = queue
      .then(() => queueFeedChanges(options.db, ids, change.kinds.length > 0 ? change.kinds.join(",") : "change", { all: change.truncated === true }))
      .then(kick)
      .catch((error: unknown) => logError("websub", error, { what: "queueing deliveries" }));
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
      unsubscribe();
      kick();
      await queue.catch(() => undefined);
      await loop;
    },
  };
}
