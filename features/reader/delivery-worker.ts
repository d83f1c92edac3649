import "server-only";
import type { Db } from "@/lib/db/database";
import { logWarn } from "@/lib/log";
import { dueDeliveries, markAttemptFailed, markDelivered, type DueDelivery } from "@/features/reader/websub.repository";
import { findOutletBySlug, outletTitleOf } from "@/features/outlets/outlets.repository";
import { denySubscription, websubClosedFor } from "./subscribe";
import { feedContentType, renderFeed } from "@/features/reader/feeds";
import { hubSignature } from "./hub-signature";
import { topicOfPath } from "./topics";
import { callbackPolicy, type CallbackPolicy } from "./callback-address";
import { OutboundRefused, pinnedRequest } from "@/lib/http/pinned-request";

// Content distribution (W3C WebSub §7): POST the topic's current feed to each subscriber, signed
// with X-Hub-Signature when it gave a secret; a 2xx is delivered, anything else is retried after
// base × 2^(attempt − 1) until the attempts run out.

const DELIVERY_TIMEOUT_MS = 10_000;
const BATCH = 100;

export type DeliverySettings = { retryBaseMs: number; maxAttempts: number };

async function render(db: Db, delivery: DueDelivery, cache: Map<string, string>): Promise<{ body: string; contentType: string }> {
  const url = new URL(delivery.topic);
  const topic = topicOfPath(url.pathname)!;
  let body = cache.get(url.href);
  if (body === undefined) {
    const outlet = topic.outletSlug ? await outletTitleOf(db, topic.outletSlug) : undefined;
    body = await renderFeed(db, url.origin, topic.format, outlet, Math.floor(Date.now() / 1000));
    cache.set(url.href, body);
  }
  return { body, contentType: feedContentType[topic.format] };
}

/**
 * Why an outlet topic is no longer pushed, or undefined: the tier is checked when a subscription is made and again
 * before every batch, so an outlet that fell below Elevated (a court penalty, a suspension) stops being pushed even
 * to those who subscribed while it was above.
 */
async function closedReason(db: Db, delivery: DueDelivery, closed: Map<string, Promise<string | undefined>>): Promise<string | undefined> {
  const slug = topicOfPath(new URL(delivery.topic).pathname)?.outletSlug;
  if (!slug) return undefined;
  let reason = closed.get(slug);
  if (!reason) {
    reason = findOutletBySlug(db, slug).then((outlet) => (outlet ? websubClosedFor(db, outlet, Math.floor(Date.now() / 1000)) : `the outlet ${slug} no longer exists`));
    closed.set(slug, reason);
  }
  return reason;
}

type Batch = { feeds: Map<string, string>; closed: Map<string, Promise<string | undefined>>; denied: Set<number> };

async function deliverOne(db: Db, delivery: DueDelivery, batch: Batch, settings: DeliverySettings, policy: CallbackPolicy): Promise<void> {
  const hub = `${new URL(delivery.topic).origin}/websub`;
  const closed = await closedReason(db, delivery, batch.closed);
  if (closed) {
    // nothing is sent: the delivery ends, and the subscription is denied once (the subscriber is told why)
    await markAttemptFailed(db, delivery.id, { status: null, error: closed, nextAttemptAtMs: null });
    if (!batch.denied.has(delivery.subscription_id)) {
      batch.denied.add(delivery.subscription_id);
      await denySubscription(db, policy, delivery.subscription_id, delivery.topic, new URL(delivery.callback), closed);
    }
    return;
  }
  let status: number | null = null;
  let error = "";
  try {
    const { body, contentType } = await render(db, delivery, batch.feeds);
    const headers: Record<string, string> = { "content-type": contentType, link: `<${hub}>; rel="hub", <${delivery.topic}>; rel="self"` };
    if (delivery.secret) headers["x-hub-signature"] = hubSignature(delivery.secret, body);
    // checked before every delivery: the callback's name may point elsewhere since it subscribed
    ({ status } = await pinnedRequest(new URL(delivery.callback), policy, { method: "POST", headers, body, timeoutMs: DELIVERY_TIMEOUT_MS, maxBodyBytes: 0 }));
    if (status >= 200 && status < 300) return markDelivered(db, delivery.id, status, Date.now());
    error = `the subscriber answered ${status}`;
  } catch (caught) {
    error = caught instanceof OutboundRefused ? `the callback cannot be used: ${caught.message}` : `the subscriber could not be reached (${caught instanceof Error ? caught.message : String(caught)})`;
  }
  const attempt = delivery.attempts + 1;
  const next = attempt >= settings.maxAttempts ? null : Date.now() + settings.retryBaseMs * 2 ** (attempt - 1);
  await markAttemptFailed(db, delivery.id, { status, error, nextAttemptAtMs: next });
  if (next === null) logWarn("websub", "a delivery was given up", { deliveryId: delivery.id, attempts: attempt, error });
}

/** Delivers every due delivery once (in parallel); answers how many were attempted. */
export async function deliverDue(db: Db, settings: DeliverySettings, policy: CallbackPolicy = callbackPolicy()): Promise<number> {
  const due = await dueDeliveries(db, Date.now(), BATCH);
  const batch: Batch = { feeds: new Map(), closed: new Map(), denied: new Set() };
  await Promise.all(due.map((d) => deliverOne(db, d, batch, settings, policy)));
  return due.length;
}
