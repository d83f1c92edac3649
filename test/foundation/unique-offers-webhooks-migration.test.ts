import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/database";
import { migrateToLatest } from "@/lib/db/migrate";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { insertRoleOffer } from "@/features/roles/role-offers.repository";
import { insertPartnerWebhook } from "@/features/partners/partner-webhooks.repository";
import { migrateBefore, withEmptyDatabase } from "@/test/support/fresh-database";
import { dialectsUnderTest } from "@/test/support/stack";

// 2026-12-03-0300-unique-offers-webhooks on a database that already holds the duplicates two requests
// at once could leave (docs/DECISIONS.md, "Unique indexes behind the 409 checks"): it closes them (the
// oldest open offer and the oldest enabled webhook stay) instead of failing, and then the unique
// indexes refuse a second pending offer of one role to one wallet at one outlet, and a second enabled
// webhook of one URL, whatever a request checked before inserting it.

const MIGRATION = "2026-12-03-0300-unique-offers-webhooks";
const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe.each(await dialectsUnderTest())("the unique offer and webhook indexes on %s", (dialect) => {
  const withDatabase = (work: (db: Db) => Promise<void>) => withEmptyDatabase(dialect, "capsule_unique", work);
  const outlet = async (db: Db) =>
    (
      await db
        .insertInto("outlets")
        .values({ slug: "ledger", name: "The Ledger", domain: "ledger.example.org", description: null, metadata_uri: null, owner_wallet: OWNER, status: "active", policy_id: "default", verification_token: "t", verified_at: 1, first_verified_at: 1, last_checked_at: 1, last_result: null, created_at: 1, updated_at: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const offer = (outletId: number, wallet: string, at: number, expiresAt: number) => ({ outlet_id: outletId, outlet_slug: "ledger", wallet, role_id: 3, offered_by: OWNER, offered_at: at, expires_at: expiresAt });
  const hook = (url: string, createdAt: number) => ({ partner_wallet: WALLET, url, secret: "whsec_x", event_types_json: "[]", description: null, created_by: OWNER, created_at: createdAt, disabled_at: null });

  it("closes the duplicates a live database holds, keeping the oldest open offer and the oldest enabled webhook", async () => {
    await withDatabase(async (db) => {
      await migrateBefore(db, MIGRATION);
      const outletId = await outlet(db);
      const future = Math.floor(Date.now() / 1000) + 86_400;
      // the older index-less table: insert rows as the repository did then (no url_key)
      const rows = [offer(outletId, WALLET, 1, 2), offer(outletId, WALLET, 2, future), offer(outletId, WALLET, 3, future), offer(outletId, OTHER, 4, future)];
      const ids: number[] = [];
      for (const row of rows) ids.push((await db.insertInto("role_offers").values({ ...row, status: "pending", closed_at: null, closed_by: null }).returning("id").executeTakeFirstOrThrow()).id);
      const hooks = [hook("https://partner.example.org/a", 1), hook("HTTPS://Partner.Example.org:443/a", 2), hook("https://partner.example.org/b", 3)];
      const hookIds: number[] = [];
      for (const row of hooks) hookIds.push((await db.insertInto("partner_webhooks").values(row as never).returning("id").executeTakeFirstOrThrow()).id);

      await migrateToLatest(db);

      const offers = await db.selectFrom("role_offers").select(["id", "status", "closed_at"]).orderBy("id").execute();
      expect(offers.map((o) => [o.id, o.status])).toEqual([
        [ids[0], "expired"], // past its expiry already
        [ids[1], "pending"], // the oldest open one stays
        [ids[2], "withdrawn"],
        [ids[3], "pending"], // another wallet's
      ]);
      expect(offers.filter((o) => o.status !== "pending").every((o) => o.closed_at !== null)).toBe(true);
      const webhooks = await db.selectFrom("partner_webhooks").select(["id", "url_key", "disabled_at"]).orderBy("id").execute();
      expect(webhooks.map((w) => [w.id, w.url_key, w.disabled_at === null])).toEqual([
        [hookIds[0], "https://partner.example.org/a", true],
        [hookIds[1], "https://partner.example.org/a", false],
        [hookIds[2], "https://partner.example.org/b", true],
      ]);
    });
  });

  it("refuses a second pending offer and a second enabled webhook of one URL", async () => {
    await withDatabase(async (db) => {
      await migrateToLatest(db);
      const outletId = await outlet(db);
      const future = Math.floor(Date.now() / 1000) + 86_400;
      await insertRoleOffer(db, offer(outletId, WALLET, 1, future));
      const second = await insertRoleOffer(db, offer(outletId, WALLET, 2, future)).then(() => undefined, (error: unknown) => error);
      expect(isUniqueViolation(second), String(second)).toBe(true);
      // another role, another wallet, or an answered offer do not count
      await insertRoleOffer(db, { ...offer(outletId, WALLET, 3, future), role_id: 2 });
      await insertRoleOffer(db, offer(outletId, OTHER, 4, future));
      await db.updateTable("role_offers").set({ status: "declined", closed_at: 5, closed_by: WALLET }).where("wallet", "=", OTHER).execute();
      await insertRoleOffer(db, offer(outletId, OTHER, 6, future));

      const first = await insertPartnerWebhook(db, hook("https://partner.example.org/a", 1));
      const again = await insertPartnerWebhook(db, hook("HTTPS://PARTNER.example.org:443/a", 2)).then(() => undefined, (error: unknown) => error);
      expect(isUniqueViolation(again), String(again)).toBe(true);
      await db.updateTable("partner_webhooks").set({ disabled_at: 3 }).where("id", "=", first.id).execute();
      await insertPartnerWebhook(db, hook("https://partner.example.org/a", 4)); // the URL is free again once disabled
    });
  });
});
