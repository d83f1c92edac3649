import "server-only";
import { createHash } from "node:crypto";
import { getAddress, isAddressEqual, type Address } from "viem";
import type { Db, DbOrTrx } from "@/lib/db/database";
import type { PartnerDeliveryRow, PartnerWebhookRow } from "@/lib/db/tables/partners.table";
import { disablePartnerWebhook, enabledWebhooks, findPartnerWebhook, insertPartnerWebhook, listPartnerWebhooks, lockWebhookRegistrations, webhookUrlKey } from "@/features/partners/partner-webhooks.repository";
import { listDeliveries } from "@/features/partners/partner-deliveries.repository";
import { findPartnerEvent } from "@/features/partners/partner-events.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import type { Viewer } from "@/features/capsules/draft-visibility.repository";
import { pageOf, pageOffset } from "@/lib/schemas/pagination";
import { isLoopbackHost } from "@/lib/auth/server/sign-in-origins";
import { webhookUrlRefusal } from "@/features/partners/webhook-address";
import type { TDeliveriesQuery, TRegisterWebhookBody, TWebhook, TWebhooksQuery } from "@/features/partners/partners.schema";

// Partner webhooks (issue 29 item 3). The bridge operator registers them (docs/DECISIONS.md, "Partner
// streams"): a webhook makes this server send requests to a URL, so only the operator's wallet names
// one; the partner's wallet, named at registration, and the operator read its deliveries.

const operatorWallet = (): Address => chainClients().operator.address;
const fingerprint = (secret: string) => createHash("sha256").update(secret).digest("hex").slice(0, 16);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function webhookObject(row: PartnerWebhookRow): TWebhook {
  return {
    webhookId: String(row.id),
    partnerWallet: row.partner_wallet,
    url: row.url,
    eventTypes: JSON.parse(row.event_types_json) as TWebhook["eventTypes"],
    description: row.description,
    secretFingerprint: fingerprint(row.secret),
    createdBy: row.created_by,
    createdAt: String(row.created_at),
    disabledAt: row.disabled_at === null ? null : String(row.disabled_at),
  };
}

/** https, or http to this machine (development, tests), unless CAPSULE_WEBHOOK_ALLOW_HTTP=1; no private IP literal (webhook-address.ts). */
function checkUrl(url: string): void {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && !isLoopbackHost(parsed.hostname) && config().CAPSULE_WEBHOOK_ALLOW_HTTP !== "1") {
    throw new AppError("VALIDATION_ERROR", "Invalid body: url", { issues: [{ path: "url", message: "must be an https URL (plain http only to this machine)" }] });
  }
  const refusal = webhookUrlRefusal(parsed);
  if (refusal) throw new AppError("VALIDATION_ERROR", "Invalid body: url", { issues: [{ path: "url", message: refusal }] });
}

const sameUrl = (id: number) => new AppError("CONFLICT", `Webhook ${id} already delivers to this URL`, { details: { webhookId: String(id) } });

/**
 * 409 for a URL an enabled webhook already has (compared as parsed URLs, so `HTTPS://Host/x` is
 * `https://host/x`: the url_key column), or when CAPSULE_WEBHOOK_MAX are enabled: every webhook makes
 * this server send requests, so their number stays bounded even for the operator. Runs inside the
 * registration's transaction, after lockWebhookRegistrations: registrations sent at once (to one server
 * or several on one PostgreSQL) count and insert one after another, so they never take the number past
 * the cap, and the second of two for one URL sees the first. The unique index on url_key (enabled rows)
 * stays behind the URL check and answers the same 409 (docs/DECISIONS.md, "Unique indexes behind the 409
 * checks"; "The webhook cap is counted under a lock").
 */
async function checkRoomFor(db: DbOrTrx, urlKey: string): Promise<void> {
  const enabled = await enabledWebhooks(db);
  const same = enabled.find((hook) => hook.url_key === urlKey);
  if (same) throw sameUrl(same.id);
  const max = config().CAPSULE_WEBHOOK_MAX;
  if (enabled.length >= max) throw new AppError("CONFLICT", `At most ${max} partner webhooks may be registered`);
}

/** POST /api/partners/webhooks */
export async function registerWebhook(db: Db, wallet: Address, body: TRegisterWebhookBody, now: number) {
  if (!isAddressEqual(wallet, operatorWallet())) throw new AppError("FORBIDDEN", "Only the bridge operator may register partner webhooks");
  checkUrl(body.url);
  const urlKey = webhookUrlKey(body.url);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      await lockWebhookRegistrations(trx);
      await checkRoomFor(trx, urlKey);
      return insertPartnerWebhook(trx, {
        partner_wallet: getAddress(body.partnerWallet),
        url: body.url,
        secret: body.secret,
        event_types_json: JSON.stringify([...new Set(body.eventTypes)]),
        description: body.description ?? null,
        created_by: getAddress(wallet),
        created_at: now,
        disabled_at: null,
      });
    })
    .catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      // an enabled webhook with this URL written outside the lock (the index is the last word)
      const same = (await enabledWebhooks(db)).find((hook) => hook.url_key === urlKey);
      throw same ? sameUrl(same.id) : error;
    });
  return { ok: true as const, webhook: webhookObject(row) };
}

/** GET /api/partners/webhooks — every webhook, newest first, for the operator (signed read). */
export async function listWebhooks(db: Db, query: TWebhooksQuery, viewer: Viewer) {
  if (!viewer) throw new AppError("UNAUTHORIZED", "Sign this read with the bridge operator's wallet: the list of partner webhooks is not public");
  if (!isAddressEqual(viewer.wallet, operatorWallet())) throw new AppError("FORBIDDEN", "Only the bridge operator may list partner webhooks");
  const [{ rows, total }, enabled] = await Promise.all([listPartnerWebhooks(db, { offset: pageOffset(query), limit: query.limit }), enabledWebhooks(db)]);
  return { ...pageOf(rows.map(webhookObject), query, total), enabledCount: enabled.length, enabledMax: config().CAPSULE_WEBHOOK_MAX };
}

/** POST /api/partners/webhooks/:id/disable — nothing more is sent to it (queued deliveries end as failed) and its URL is free again. */
export async function disableWebhook(db: Db, wallet: Address, id: number, now: number) {
  if (!isAddressEqual(wallet, operatorWallet())) throw new AppError("FORBIDDEN", "Only the bridge operator may disable partner webhooks");
  const disabled = await disablePartnerWebhook(db, id, now);
  if (disabled) return { ok: true as const, webhook: webhookObject(disabled) };
  const hook = await findPartnerWebhook(db, id);
  if (!hook) throw new AppError("WEBHOOK_NOT_FOUND", `No partner webhook with id ${id}`);
  throw new AppError("INVALID_STATE", `Webhook ${id} is already disabled`);
}

async function deliveryObject(db: Db, row: PartnerDeliveryRow, events: Map<number, { capsuleId: string | null; tier: string | null }>) {
  if (!events.has(row.event_id)) {
    const event = await findPartnerEvent(db, row.event_id);
    events.set(row.event_id, { capsuleId: event?.capsule_id == null ? null : String(event.capsule_id), tier: event?.outlet_tier ?? null });
  }
  const event = events.get(row.event_id)!;
  return {
    deliveryId: String(row.id),
    webhookId: String(row.webhook_id),
    messageId: row.message_id,
    eventType: row.event_type,
    capsuleId: event.capsuleId,
    outletTier: event.tier,
    priority: row.priority,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? iso(row.next_attempt_at) : null,
    lastAttemptAt: iso(row.last_attempt_at),
    lastStatus: row.last_status,
    lastError: row.last_error,
    deliveredAt: iso(row.delivered_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** GET /api/partners/webhooks/:id/deliveries — for the webhook's partner or the operator, signed. */
export async function webhookDeliveries(db: Db, id: number, query: TDeliveriesQuery, viewer: Viewer) {
  if (!viewer) throw new AppError("UNAUTHORIZED", "Sign this read with the partner's wallet (or the operator's): a webhook's deliveries are not public");
  const hook = await findPartnerWebhook(db, id);
  // another wallet is told what it would be told of a missing id: webhook ids are sequential, and a 403 would say which exist
  if (!hook || (!isAddressEqual(viewer.wallet, hook.partner_wallet as Address) && !isAddressEqual(viewer.wallet, operatorWallet()))) {
    throw new AppError("WEBHOOK_NOT_FOUND", `No partner webhook with id ${id} that this wallet may read`);
  }
  const { rows, total } = await listDeliveries(db, { webhookId: id, status: query.status, offset: pageOffset(query), limit: query.limit });
  const events = new Map<number, { capsuleId: string | null; tier: string | null }>();
  const items = [];
  for (const row of rows) items.push(await deliveryObject(db, row, events));
  return { ...pageOf(items, query, total), webhook: webhookObject(hook) };
}
