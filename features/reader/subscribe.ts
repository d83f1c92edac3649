import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db, DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { AppError } from "@/lib/errors/app-error";
import { zDecimalWhole } from "@/lib/schemas/whole-number";
import { logWarn } from "@/lib/log";
import { findSubscription, isLiveSubscription, liveSubscriptionCounts, lockSubscriptionLimits, setSubscriptionState, subscriptionStateOf, upsertPendingSubscription } from "@/features/reader/websub.repository";
import { config } from "@/lib/config/config";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";
import { outletStanding } from "@/features/distribution/outlet-report";
import { tierRank } from "@/features/distribution/penalty-downgrade";
import { callbackPolicy, callbackRefusal, type CallbackPolicy } from "./callback-address";
import { OutboundRefused, pinnedRequest } from "@/lib/http/pinned-request";
import { topicOfPath } from "./topics";

// The hub's side of subscribing (W3C WebSub §5.1 and §5.3): a request is answered 202 at once and
// the subscriber's intent is verified afterwards by a GET to its callback echoing a challenge.

export const DEFAULT_LEASE_SECONDS = 10 * 86_400;
const MAX_LEASE_SECONDS = 30 * 86_400;
const VERIFY_TIMEOUT_MS = 10_000;
// the challenge is 32 characters: an answer longer than this is not its echo
const MAX_CHALLENGE_ANSWER_BYTES = 1024;

// zod runs every check of a string even after one failed, so the later ones may not assume a URL
const urlOf = (value: string): URL | undefined => (URL.canParse(value) ? new URL(value) : undefined);

const httpUrl = z
  .string()
  .max(2000)
  .refine((v) => /^https?:$/.test(urlOf(v)?.protocol ?? ""), "must be an http or https URL");

export const ZHubRequest = z
  .object({
    "hub.mode": z.enum(["subscribe", "unsubscribe"]),
    "hub.topic": httpUrl,
    "hub.callback": httpUrl.refine((v) => !urlOf(v)?.username && !urlOf(v)?.password, "must not carry credentials"),
    "hub.lease_seconds": zDecimalWhole({ min: 60, max: MAX_LEASE_SECONDS, words: `must be a whole number of seconds from 60 to ${MAX_LEASE_SECONDS} in plain decimal digits` }).optional(),
    // §5.1: the secret must be under 200 bytes
    "hub.secret": z.string().min(1).max(199).optional(),
  })
  .strict();
export type HubRequest = z.infer<typeof ZHubRequest>;

function validation(path: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", `${path} ${message}`, { issues: [{ path, message }] });
}

export function parseHubRequest(form: URLSearchParams): HubRequest {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key in fields) throw validation(key, "is given twice");
    fields[key] = value;
  }
  const parsed = ZHubRequest.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join(".") || "(body)", message: i.message }));
    throw new AppError("VALIDATION_ERROR", `The hub request is invalid: ${issues.map((i) => `${i.path} ${i.message}`).join("; ")}`, { issues });
  }
  return parsed.data;
}

type Accepted = { verify: () => Promise<void> };

/**
 * Checks a hub request against this hub (the topic is one of its feeds at `origin`, the callback
 * may be reached) and records it; answers the verification to run after the 202 is sent.
 */
export type SubscriptionLimits = { perHost: number; total: number };

/** CAPSULE_WEBSUB_MAX_PER_HOST and CAPSULE_WEBSUB_MAX_TOTAL: a subscription costs the hub one POST per feed change. */
export const subscriptionLimits = (): SubscriptionLimits => ({ perHost: config().CAPSULE_WEBSUB_MAX_PER_HOST, total: config().CAPSULE_WEBSUB_MAX_TOTAL });

/** Refuses a new subscription past either limit (a renewal of one already live is not new); a host is its name on any port. */
async function checkRoomFor(db: DbOrTrx, callback: URL, now: number, limits: SubscriptionLimits): Promise<void> {
  const hostname = callback.hostname.replace(/\.$/, "");
  const counts = await liveSubscriptionCounts(db, hostname, now);
  if (counts.onHost >= limits.perHost) {
    throw new AppError("CONFLICT", `This hub keeps at most ${limits.perHost} subscriptions with callbacks on ${hostname} (any port); unsubscribe one or let its lease end first`);
  }
  if (counts.total >= limits.total) throw new AppError("CONFLICT", `This hub keeps at most ${limits.total} subscriptions; try again when some leases have ended`);
}

export async function acceptHubRequest(
  db: Db,
  request: HubRequest,
  origin: string,
  now: number,
  policy: CallbackPolicy = callbackPolicy(),
  limits: SubscriptionLimits = subscriptionLimits(),
): Promise<Accepted> {
  const topicUrl = new URL(request["hub.topic"]);
  const topic = topicUrl.origin === origin ? topicOfPath(topicUrl.pathname) : undefined;
  if (!topic || topicUrl.search || topicUrl.hash) throw validation("hub.topic", `is not a feed of this hub (its feeds are ${origin}/feed.xml, ${origin}/feed.json and /outlets/<slug>/feed.xml|json)`);
  const callback = new URL(request["hub.callback"]);
  const refusal = await callbackRefusal(callback, policy);
  if (refusal) throw validation("hub.callback", `cannot be used: ${refusal}`);
  const outlet = topic.outletSlug ? await findOutletBySlug(db, topic.outletSlug) : undefined;
  if (topic.outletSlug && !outlet) throw validation("hub.topic", `names no outlet: "${topic.outletSlug}" is not registered`);

  if (request["hub.mode"] === "unsubscribe") {
    const existing = await findSubscription(db, topicUrl.href, callback.href);
    if (!existing) throw validation("hub.callback", "has no subscription to this topic");
    return { verify: () => verifyIntent(db, policy, existing.id, { mode: "unsubscribe", topic: topicUrl.href, callback }) };
  }
  const lease = request["hub.lease_seconds"] ?? DEFAULT_LEASE_SECONDS;
  // counted and recorded in one transaction under the limits' lock: requests at the same moment never pass them
  const row = await db.transaction().execute(async (trx) => {
    await lockSubscriptionLimits(trx);
    const existing = await findSubscription(trx, topicUrl.href, callback.href);
    if (!existing || !isLiveSubscription(existing, now)) await checkRoomFor(trx, callback, now, limits);
    return upsertPendingSubscription(trx, {
      topic: topicUrl.href,
      outlet_id: outlet?.id ?? null,
      callback: callback.href,
      // the secret is the confirmed request's (verifyIntent): a request is anyone's until its callback echoes the challenge
      secret: null,
      lease_seconds: lease,
      state: "pending",
      state_reason: null,
      expires_at: null,
      created_at: now,
      updated_at: now,
    }, existing);
  });
  // WebSub push is a channel of the Elevated and Premium tiers: an outlet below them is denied (§5.2)
  if (outlet) {
    const reason = await websubClosedFor(db, outlet, now);
    if (reason) return { verify: () => denySubscription(db, policy, row.id, topicUrl.href, callback, reason) };
  }
  return { verify: () => verifyIntent(db, policy, row.id, { mode: "subscribe", topic: topicUrl.href, callback, lease, secret: request["hub.secret"] ?? null }) };
}

const withQuery = (callback: URL, params: Record<string, string>): URL => {
  const url = new URL(callback.href);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
};

/** Why the outlet's feeds are not pushed (it is below the Elevated tier now), or undefined when they are. */
export async function websubClosedFor(db: Db, outlet: OutletRow, now: number): Promise<string | undefined> {
  const standing = await outletStanding(db, outlet, now);
  if (tierRank(standing.tier) >= tierRank("elevated")) return undefined;
  return `WebSub is a channel of the Elevated and Premium tiers; ${outlet.name} is ${standing.tier}`;
}

/** §5.2: the subscription is denied (kept with its reason), and the subscriber told so at its callback. */
export async function denySubscription(db: Db, policy: CallbackPolicy, id: number, topic: string, callback: URL, reason: string): Promise<void> {
  const at = Math.floor(Date.now() / 1000);
  await setSubscriptionState(db, id, "denied", at, { reason });
  try {
    await pinnedRequest(withQuery(callback, { "hub.mode": "denied", "hub.topic": topic, "hub.reason": reason }), policy, { method: "GET", timeoutMs: VERIFY_TIMEOUT_MS, maxBodyBytes: 0 });
  } catch (error) {
    logWarn("websub", "the denial did not reach the subscriber", { subscriptionId: id, error: String(error) });
  }
}

/** §5.3: GET the callback with a challenge; the intent holds when it answers 2xx with the challenge as the body. */
async function verifyIntent(db: Db, policy: CallbackPolicy, id: number, intent: { mode: "subscribe" | "unsubscribe"; topic: string; callback: URL; lease?: number; secret?: string | null }): Promise<void> {
  const challenge = randomBytes(24).toString("base64url");
  const params: Record<string, string> = { "hub.mode": intent.mode, "hub.topic": intent.topic, "hub.challenge": challenge };
  if (intent.lease !== undefined) params["hub.lease_seconds"] = String(intent.lease);
  let confirmed = false;
  let why = "";
  try {
    const answer = await pinnedRequest(withQuery(intent.callback, params), policy, { method: "GET", timeoutMs: VERIFY_TIMEOUT_MS, maxBodyBytes: MAX_CHALLENGE_ANSWER_BYTES });
    const body = answer.body.trim();
    confirmed = answer.status >= 200 && answer.status < 300 && body === challenge;
    why = confirmed ? "" : `the callback answered ${answer.status}${body === challenge ? "" : " without echoing the challenge"}`;
  } catch (error) {
    why = error instanceof OutboundRefused ? `the callback cannot be used: ${error.message}` : `the callback could not be reached (${error instanceof Error ? error.message : String(error)})`;
  }
  const at = Math.floor(Date.now() / 1000);
  if (intent.mode === "unsubscribe") {
    if (confirmed) await setSubscriptionState(db, id, "unsubscribed", at, { reason: "the subscriber unsubscribed" });
    return;
  }
  if (confirmed) {
    const leaseSeconds = intent.lease ?? DEFAULT_LEASE_SECONDS;
    await setSubscriptionState(db, id, "active", at, { expiresAt: at + leaseSeconds, reason: null, confirmed: { secret: intent.secret ?? null, leaseSeconds } });
  }
  else {
    // a renewal that was not confirmed leaves an active subscription as it was
    const current = await subscriptionStateOf(db, id);
    if (current?.state === "pending") await setSubscriptionState(db, id, "pending", at, { reason: `intent not verified: ${why}` });
  }
}
