import type { DbOrTrx } from "@/lib/db/database";
import type { NewPartnerWebhook, PartnerEventType, PartnerWebhookRow } from "@/lib/db/tables/partners.table";

/** What "the same URL" means for webhooks: the parsed URL (`HTTPS://Host:443/x` is `https://host/x`). */
export const webhookUrlKey = (url: string): string => new URL(url).href;

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
