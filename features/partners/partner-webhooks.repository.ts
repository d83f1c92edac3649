import type { DbOrTrx, Trx } from "@/lib/db/database";
import { dialectOf } from "@/lib/db/dialect";
import { takeTransactionLock } from "@/lib/db/server-functions";
import type { NewPartnerWebhook, PartnerEventType, PartnerWebhookRow } from "@/lib/db/tables/partners.table";

/** What "the same URL" means for webhooks: the parsed URL (`HTTPS://Host:443/x` is `https://host/x`). */
export const webhookUrlKey = (url: string): string => new URL(url).href;

// Arbitrary constant key of the PostgreSQL advisory lock that serializes webhook registrations (the cap's count and the insert).
const WEBHOOK_REGISTRATION_LOCK_KEY = 77_117_030;

/**
 * Holds registrations one at a time until `trx` ends, across servers on one PostgreSQL (a transaction-level
 * advisory lock); SQLite needs nothing: one connection, whose transaction runs alone (better-sqlite3, one writer).
 */
export async function lockWebhookRegistrations(trx: Trx): Promise<void> {
  if (dialectOf(trx) === "postgres") await takeTransactionLock(trx, WEBHOOK_REGISTRATION_LOCK_KEY);
}

/** Inserts with its url_key; a unique violation when an enabled webhook has that URL already. */
export async function insertPartnerWebhook(db: DbOrTrx, values: Omit<NewPartnerWebhook, "url_key">): Promise<PartnerWebhookRow> {
  return db.insertInto("partner_webhooks").values({ ...values, url_key: webhookUrlKey(values.url) }).returningAll().executeTakeFirstOrThrow();
}

export async function findPartnerWebhook(db: DbOrTrx, id: number): Promise<PartnerWebhookRow | undefined> {
  return db.selectFrom("partner_webhooks").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every enabled webhook, oldest first. */
export async function enabledWebhooks(db: DbOrTrx): Promise<PartnerWebhookRow[]> {
  return db.selectFrom("partner_webhooks").selectAll().where("disabled_at", "is", null).orderBy("id", "asc").execute();
}

/** Enabled webhooks subscribed to `type`. */
export async function webhooksFor(db: DbOrTrx, type: PartnerEventType): Promise<PartnerWebhookRow[]> {
  const rows = await enabledWebhooks(db);
  return rows.filter((row) => (JSON.parse(row.event_types_json) as string[]).includes(type));
}

/** Every webhook, enabled or not, newest first, a page of them and how many there are. */
export async function listPartnerWebhooks(db: DbOrTrx, page: { offset: number; limit: number }): Promise<{ rows: PartnerWebhookRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom("partner_webhooks").selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit).execute(),
    db.selectFrom("partner_webhooks").select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Disables an enabled webhook (its URL is free again); undefined when it was not enabled. */
export async function disablePartnerWebhook(db: DbOrTrx, id: number, at: number): Promise<PartnerWebhookRow | undefined> {
  return db.updateTable("partner_webhooks").set({ disabled_at: at }).where("id", "=", id).where("disabled_at", "is", null).returningAll().executeTakeFirst();
}
