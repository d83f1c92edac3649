import "server-only";
import type { Db } from "@/lib/db/database";
import { releaseStaleClaims } from "@/features/partners/partner-deliveries.repository";
import { logError, logInfo } from "@/lib/log";
import { runDispatchPass, type DispatchOptions } from "./dispatch";
import { fanOutEvents } from "./fan-out";

/**
 * The leader's partner webhook dispatcher (a leader duty, scripts/start.ts): fans recorded events out
 * to the webhooks, then works through the due deliveries; again at once while there was work, else
 * after `pollMs`. At start it takes back every claim: on the database only the leader dispatches, so
 * a claim still open is one a dead process (kill -9) left.
 */
export function startPartnerWebhookWorker(options: { db: Db; pollMs: number; dispatch: Omit<DispatchOptions, "signal">; log?: (m: string) => void }): { stop: () => Promise<void> } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    let lastError = "";
    try {
      const reclaimed = await releaseStaleClaims(options.db, Date.now(), true);
      if (reclaimed > 0) options.log?.(`partner webhooks: ${reclaimed} interrupted deliveries are due again`);
    } catch (error) {
      logError("partner-webhooks", error);
    }
    while (!controller.signal.aborted) {
      let busy = false;
      try {
        const fanned = await fanOutEvents(options.db, { nowMs: Date.now() });
        const pass = await runDispatchPass(options.db, { ...options.dispatch, signal: controller.signal });
        busy = fanned > 0 || pass.attempted > 0;
        if (pass.failed > 0) logInfo("partner-webhooks", "deliveries out of attempts", { failed: pass.failed });
        lastError = "";
      } catch (error) {
        const message = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
        if (message !== lastError) logError("partner-webhooks", error);
        lastError = message;
      }
      if (controller.signal.aborted) break;
      if (busy) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.pollMs);
      });
    }
  })();
  return {
    stop: async () => {
      controller.abort();
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
