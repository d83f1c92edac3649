import type { DbOrTrx } from "@/lib/db/database";
import { noteFeedNotice } from "@/lib/db/postgres-generation";
import { onProjectionChange } from "./change-feed";
import { readCheckpoint } from "./checkpoint-repository";
import { indexerRuntime } from "./indexer-runtime";

/** Re-read the checkpoint at least this often while waiting (a change notification may be missed). */
const RECHECK_MS = 100;

/**
 * Waits until the indexer's checkpoint reaches `target`; answers false after `timeoutMs`. Never
 * indexes itself: when this server leads it asks its indexer for a pass at once, otherwise it
 * waits for the leader's commits (their change notifications, or the periodic re-read).
 */
export async function awaitCheckpoint(db: DbOrTrx, target: bigint, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let signalled = false;
  let wake = () => undefined as void;
  const unsubscribe = onProjectionChange((change) => {
    if (BigInt(change.toBlock) >= target || change.rewound) {
      signalled = true;
      wake();
    }
  });
  try {
    for (;;) {
      signalled = false;
      const checkpoint = await readCheckpoint(db);
      if (checkpoint && BigInt(checkpoint.blockNumber) >= target) {
        // the checkpoint can be seen here before the change feed's NOTIFY of it arrives: answers remembered
        // before it are not served after (lib/db/postgres-generation.ts)
        noteFeedNotice();
        return true;
      }
      const left = deadline - Date.now();
      if (left <= 0) return false;
      indexerRuntime()?.requestPass();
      if (signalled) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(RECHECK_MS, left));
        function done() {
          clearTimeout(timer);
          wake = () => undefined;
          resolve();
        }
        wake = done;
      });
    }
  } finally {
    unsubscribe();
  }
}
