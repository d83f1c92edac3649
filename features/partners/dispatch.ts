import "server-only";
import type { Db } from "@/lib/db/database";
import type { PartnerDeliveryRow, PartnerEventRow, PartnerWebhookRow } from "@/lib/db/tables/partners.table";
import { claimDelivery, dueDeliveries, releaseStaleClaims, settleDelivery } from "@/features/partners/partner-deliveries.repository";
import { findPartnerEvent } from "@/features/partners/partner-events.repository";
import { findPartnerWebhook } from "@/features/partners/partner-webhooks.repository";
import type { OutboundPolicy } from "@/lib/http/pinned-request";
import { sendWebhook } from "./send-webhook";
import { webhookPolicy } from "./webhook-address";

// One pass of the partner webhook queue: due deliveries in priority order (Premium outlets' events
// first), each claimed in SQL before its request and settled after it. A crash between the two leaves
// the row "delivering" until its lease ends, then it is due again: every event reaches every webhook
// at least once, under the same webhook-id, which the partner uses to ignore a repeat.

export type DispatchOptions = {
  timeoutMs: number;
  concurrency: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claim holds: at least the timeout, so a live attempt is never taken over. */
  leaseMs?: number;
  batch?: number;
  signal?: AbortSignal;
  now?: () => number;
  /** Where a webhook's URL may connect; the configured rule (webhook-address.ts) unless a test names one. */
  policy?: (url: URL) => OutboundPolicy;
};

export type DispatchPass = { attempted: number; delivered: number; retrying: number; failed: number; reclaimed: number };

/** The wait before attempt `attempts + 1`: base × 2^(attempts − 1), capped. */
export const retryDelay = (attempts: number, baseMs: number, maxMs: number) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

export async function runDispatchPass(db: Db, options: DispatchOptions): Promise<DispatchPass> {
  const now = options.now ?? Date.now;
  const pass: DispatchPass = { attempted: 0, delivered: 0, retrying: 0, failed: 0, reclaimed: await releaseStaleClaims(db, now()) };
  const due = await dueDeliveries(db, now(), options.batch ?? 100);
  if (due.length === 0) return pass;
  const hooks = new Map<number, PartnerWebhookRow | undefined>();
  const events = new Map<number, PartnerEventRow | undefined>();
  const leaseMs = Math.max(options.leaseMs ?? 0, options.timeoutMs + 5_000);

  const attempt = async (row: PartnerDeliveryRow) => {
    if (options.signal?.aborted) return;
    if (!hooks.has(row.webhook_id)) hooks.set(row.webhook_id, await findPartnerWebhook(db, row.webhook_id));
    if (!events.has(row.event_id)) events.set(row.event_id, await findPartnerEvent(db, row.event_id));
    const hook = hooks.get(row.webhook_id);
    const event = events.get(row.event_id);
    const started = now();
    if (!(await claimDelivery(db, row.id, started, started + leaseMs))) return;
    pass.attempted += 1;
    if (!hook || !event || hook.disabled_at !== null) {
      await settleDelivery(db, row.id, { status: "failed", lastStatus: null, lastError: "the webhook was disabled" });
      pass.failed += 1;
      return;
    }
    const outcome = await sendWebhook({ url: hook.url, secret: hook.secret }, { id: event.message_id, body: event.payload_json }, { at: new Date(started), timeoutMs: options.timeoutMs, signal: options.signal, policy: (options.policy ?? webhookPolicy)(new URL(hook.url)) });
    const attempts = row.attempts + 1;
    if (outcome.ok) {
      await settleDelivery(db, row.id, { status: "delivered", lastStatus: outcome.status, lastError: null, deliveredAt: now() });
      pass.delivered += 1;
    } else if (attempts >= options.maxAttempts) {
      await settleDelivery(db, row.id, { status: "failed", lastStatus: outcome.status, lastError: outcome.error });
      pass.failed += 1;
    } else if (!options.signal?.aborted) {
      await settleDelivery(db, row.id, { status: "pending", lastStatus: outcome.status, lastError: outcome.error, nextAttemptAt: now() + retryDelay(attempts, options.retryBaseMs, options.retryMaxMs) });
      pass.retrying += 1;
    }
  };

  // a pool working through the list in order: with one worker, strictly by priority
  let next = 0;
  const worker = async () => {
    while (next < due.length && !options.signal?.aborted) await attempt(due[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, due.length) }, worker));
  return pass;
}
