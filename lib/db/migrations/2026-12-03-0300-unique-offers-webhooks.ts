import { sql, type Kysely } from "kysely";

// Two requests at once could both pass the "already open" / "already registered" checks and both
// insert (docs/DECISIONS.md, "Unique indexes behind the 409 checks"); a unique index now refuses the
// second. Existing duplicates are closed first, so the index builds on any live database:
// - role offers: one pending offer per outlet, grantee and role. In a group of several pending offers,
//   those already past their expiry become "expired"; of the rest the oldest stays open and the others
//   become "withdrawn" (closed_by null: nobody withdrew them, this migration did).
// - partner webhooks: one enabled webhook per URL as the 409 check compares it (the parsed URL's href,
//   kept in the new column url_key). Of enabled duplicates the oldest stays, the others are disabled.

const keyOf = (url: string): string => {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
};

export async function up(db: Kysely<any>): Promise<void> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const pending = await db
    .selectFrom("role_offers")
    .select(["id", "outlet_id", "wallet", "role_id", "expires_at"])
    .where("status", "=", "pending")
    .orderBy("id", "asc")
    .execute();
  const offers = new Map<string, Array<{ id: number; expires_at: number }>>();
  for (const row of pending) {
    const key = `${row.outlet_id}|${row.wallet}|${row.role_id}`;
    offers.set(key, [...(offers.get(key) ?? []), { id: Number(row.id), expires_at: Number(row.expires_at) }]);
  }
  for (const group of offers.values()) {
    if (group.length < 2) continue;
    const expired = group.filter((row) => row.expires_at <= nowSeconds).map((row) => row.id);
    const withdrawn = group.filter((row) => row.expires_at > nowSeconds).slice(1).map((row) => row.id);
    if (expired.length > 0) await db.updateTable("role_offers").set({ status: "expired", closed_at: nowSeconds, closed_by: null }).where("id", "in", expired).execute();
    if (withdrawn.length > 0) await db.updateTable("role_offers").set({ status: "withdrawn", closed_at: nowSeconds, closed_by: null }).where("id", "in", withdrawn).execute();
  }
  await sql`create unique index role_offers_one_pending_key on role_offers (outlet_id, wallet, role_id) where status = 'pending'`.execute(db);

  await db.schema.alterTable("partner_webhooks").addColumn("url_key", "text", (c) => c.notNull().defaultTo("")).execute();
  const hooks = await db.selectFrom("partner_webhooks").select(["id", "url", "disabled_at"]).orderBy("id", "asc").execute();
  const seen = new Set<string>();
  const nowMs = Date.now();
  for (const hook of hooks) {
    const key = keyOf(String(hook.url));
    await db.updateTable("partner_webhooks").set({ url_key: key }).where("id", "=", hook.id).execute();
    if (hook.disabled_at !== null) continue;
    if (seen.has(key)) await db.updateTable("partner_webhooks").set({ disabled_at: nowMs }).where("id", "=", hook.id).execute();
    seen.add(key);
  }
  await sql`create unique index partner_webhooks_one_enabled_url on partner_webhooks (url_key) where disabled_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists partner_webhooks_one_enabled_url`.execute(db);
  await db.schema.alterTable("partner_webhooks").dropColumn("url_key").execute();
  await sql`drop index if exists role_offers_one_pending_key`.execute(db);
}
