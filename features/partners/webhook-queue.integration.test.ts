import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { insertPartnerWebhook } from "@/features/partners/partner-webhooks.repository";
import { claimDelivery } from "@/features/partners/partner-deliveries.repository";
import { findOutletById } from "@/features/outlets/outlets.repository";
import { outletDistribution } from "@/features/distribution/distribution-inputs";
import { recordArticleFinalized } from "@/features/partners/partner-events";
import { fanOutEvents } from "@/features/partners/fan-out";
import { runDispatchPass, retryDelay, type DispatchOptions } from "@/features/partners/dispatch";
import { applyLabel } from "@/features/court/labels";
import { dialectsUnderTest } from "@/test/support/stack";
import { openTestDatabase, type TestDatabase } from "@/test/hardening/database";
import { isPublicAddress } from "@/lib/dns/public-address";
import { dnsResolver } from "@/lib/vault/link-fetch";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { newSecret, seedFinalizedCapsule, seedOutlet, startReceiver } from "./partners.test-support";
import { webhookPolicy } from "./webhook-address";

// Issue 29 item 3, the queue on both dialects: events recorded in the transaction that caused them,
// fanned out per webhook with the outlet's tier (Premium first), delivered signed per Standard Webhooks
// to a real receiver on loopback, retried with back-off under the same webhook-id, taken back after a
// dispatcher died mid-attempt, and marked failed after the last attempt.

const dialects = await dialectsUnderTest();
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PARTNER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const options: DispatchOptions = { timeoutMs: 5_000, concurrency: 1, maxAttempts: 3, retryBaseMs: 300, retryMaxMs: 10_000 };

describe.each(dialects)("partner webhook queue on %s", (dialect) => {
  let t: TestDatabase;
  let standard: { id: number; slug: string };
  let premium: { id: number; slug: string };
  let n = 0;

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    standard = { id: await seedOutlet(t.db, "plain-desk", OWNER), slug: "plain-desk" };
    premium = { id: await seedOutlet(t.db, "premium-desk", OWNER, 13), slug: "premium-desk" };
    // the premium outlet's record: 13 months active, 60 accepted capsules, nothing rejected, clean
    for (let k = 0; k < 60; k += 1) await seedFinalizedCapsule(t.db, premium, OWNER, (n += 1));
  });
  afterAll(async () => {
    await t?.drop();
  });

  const finalize = (capsule: CapsuleRow) =>
    t.db.transaction().execute((trx) => recordArticleFinalized(trx, capsule, { txHash: capsule.finalize_tx_hash!, blockNumber: 10, blockTime: capsule.finalized_at! }));
  const drain = async () => {
    await fanOutEvents(t.db, { nowMs: Date.now() });
    return runDispatchPass(t.db, options);
  };
  const deliveriesOf = (webhookId: number) => t.db.selectFrom("partner_deliveries").selectAll().where("webhook_id", "=", webhookId).orderBy("id").execute();

  it("reads the tiers through features/distribution (the test's precondition)", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await outletDistribution(t.db, (await findOutletById(t.db, premium.id))!, now)).tier).toBe("premium");
    expect((await outletDistribution(t.db, (await findOutletById(t.db, standard.id))!, now)).tier).toBe("standard");
  });

  it("delivers every event signed, Premium outlets' events first, a label change too", async () => {
    const secret = newSecret();
    const receiver = await startReceiver(secret);
    try {
      const hook = await insertPartnerWebhook(t.db, { partner_wallet: PARTNER, url: receiver.url, secret, event_types_json: JSON.stringify(["article.finalized", "article.label_changed"]), description: null, created_by: OWNER, created_at: 1, disabled_at: null });
      // the standard outlet's articles are finalized first, the premium outlet's after them
      const plain = [await seedFinalizedCapsule(t.db, standard, OWNER, (n += 1)), await seedFinalizedCapsule(t.db, standard, OWNER, (n += 1))];
      const prime = [await seedFinalizedCapsule(t.db, premium, OWNER, (n += 1)), await seedFinalizedCapsule(t.db, premium, OWNER, (n += 1))];
      for (const capsule of [...plain, ...prime]) await finalize(capsule);
      // recorded twice (an indexer replay): one event
      await finalize(prime[0]!);
      await t.db.transaction().execute((trx) => applyLabel(trx, { capsuleId: plain[0]!.id, label: "misleading", by: OWNER, reason: "the court found it misleading", caseId: null, at: 1_800_000_000 }));

      const pass = await drain();
      expect(pass.delivered).toBe(5);
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      const finalized = receiver.received.filter((r) => r.body.type === "article.finalized").map((r) => r.body.data.capsuleId);
      expect(finalized).toEqual([...prime, ...plain].map((c) => String(c.id)));
      const label = receiver.received.find((r) => r.body.type === "article.label_changed")!;
      expect(label.body.data).toMatchObject({ capsuleId: String(plain[0]!.id), outletSlug: "plain-desk", label: "misleading", previousLabel: "clean", reason: "the court found it misleading" });
      expect(label.body.timestamp).toBe(new Date(1_800_000_000_000).toISOString());
      const first = receiver.received[0]!;
      expect(first.body).toMatchObject({ type: "article.finalized", data: { outletSlug: "premium-desk", title: prime[0]!.title, readerPath: `/read/${prime[0]!.id}`, txHash: prime[0]!.finalize_tx_hash } });
      expect(Math.abs(first.timestamp - Math.floor(first.at / 1000))).toBeLessThanOrEqual(2);

      const rows = await deliveriesOf(hook.id);
      expect(rows.map((r) => r.status)).toEqual(Array(5).fill("delivered"));
      expect(rows.filter((r) => r.priority === 0)).toHaveLength(2);
      expect(new Set(rows.map((r) => r.message_id))).toEqual(receiver.ids());
      const tiers = await t.db.selectFrom("partner_events").select(["outlet_tier", "priority"]).where("outlet_id", "=", premium.id).execute();
      expect(tiers.every((e) => e.outlet_tier === "premium" && e.priority === 0)).toBe(true);
      // nothing is delivered twice once delivered
      expect((await drain()).attempted).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it("retries a refused delivery with back-off under the same webhook-id", async () => {
    const secret = newSecret();
    const receiver = await startReceiver(secret, { answer: (_id, seen) => (seen < 3 ? 503 : 204) });
    try {
      const hook = await insertPartnerWebhook(t.db, { partner_wallet: PARTNER, url: receiver.url, secret, event_types_json: JSON.stringify(["article.finalized"]), description: null, created_by: OWNER, created_at: 1, disabled_at: null });
      await finalize(await seedFinalizedCapsule(t.db, standard, OWNER, (n += 1)));
      await drain();
      let [row] = await deliveriesOf(hook.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, last_status: 503, last_error: "the endpoint answered 503" });
      expect(row!.next_attempt_at - row!.last_attempt_at!).toBeGreaterThanOrEqual(retryDelay(1, 300, 10_000) - 50);
      // not due yet: nothing is sent
      expect((await runDispatchPass(t.db, options)).attempted).toBe(0);
      for (let k = 0; k < 40 && (await deliveriesOf(hook.id))[0]!.status !== "delivered"; k += 1) {
        await new Promise((r) => setTimeout(r, 150));
        await runDispatchPass(t.db, options);
      }
      [row] = await deliveriesOf(hook.id);
      expect(row).toMatchObject({ status: "delivered", attempts: 3, last_status: 204 });
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
      const gaps = [receiver.received[1]!.at - receiver.received[0]!.at, receiver.received[2]!.at - receiver.received[1]!.at];
      expect(gaps[0]).toBeGreaterThanOrEqual(300 - 50);
      expect(gaps[1]).toBeGreaterThanOrEqual(600 - 50);
    } finally {
      await receiver.close();
    }
  });

  it("takes back a delivery whose dispatcher died mid-attempt, and gives up after the last attempt", async () => {
    const secret = newSecret();
    const receiver = await startReceiver(secret);
    try {
      const hook = await insertPartnerWebhook(t.db, { partner_wallet: PARTNER, url: receiver.url, secret, event_types_json: JSON.stringify(["article.finalized"]), description: null, created_by: OWNER, created_at: 1, disabled_at: null });
      await finalize(await seedFinalizedCapsule(t.db, standard, OWNER, (n += 1)));
      await fanOutEvents(t.db, { nowMs: Date.now() });
      const [row] = await deliveriesOf(hook.id);
      // a dispatcher claimed it and died: its lease ran out a moment ago
      expect(await claimDelivery(t.db, row!.id, Date.now() - 60_000, Date.now() - 1)).toBe(true);
      expect(await claimDelivery(t.db, row!.id, Date.now(), Date.now() + 60_000)).toBe(false);
      const pass = await runDispatchPass(t.db, options);
      expect(pass).toMatchObject({ reclaimed: 1, delivered: 1 });
      expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
      expect(receiver.received).toHaveLength(1);

      // an endpoint that never answers 2xx: failed after maxAttempts
      const dead = await insertPartnerWebhook(t.db, { partner_wallet: PARTNER, url: "http://127.0.0.1:9/hooks", secret, event_types_json: JSON.stringify(["article.finalized"]), description: null, created_by: OWNER, created_at: 1, disabled_at: null });
      await finalize(await seedFinalizedCapsule(t.db, standard, OWNER, (n += 1)));
      const fast = { ...options, retryBaseMs: 1, retryMaxMs: 1 };
      await fanOutEvents(t.db, { nowMs: Date.now() });
      for (let k = 0; k < 5; k += 1) {
        await runDispatchPass(t.db, fast);
        await new Promise((r) => setTimeout(r, 20));
      }
      const [failed] = await deliveriesOf(dead.id);
      expect(failed).toMatchObject({ status: "failed", attempts: 3, last_status: null });
      expect(failed!.last_error).toMatch(/could not be reached/);
    } finally {
      await receiver.close();
    }
  });

  it("sends a webhook on a name only to public addresses, connecting to the address it checked", async () => {
    const secret = newSecret();
    const receiver = await startReceiver(secret);
    const dns = await startTestDns();
    try {
      // the name is known only to the test's DNS server: a delivery that arrives connected to the checked address
      const name = "partner.capsule.test";
      dns.set(name, { a: ["127.0.0.1"] });
      const url = `http://${name}:${new URL(receiver.url).port}/hooks`;
      const hook = await insertPartnerWebhook(t.db, { partner_wallet: PARTNER, url, secret, event_types_json: JSON.stringify(["article.finalized"]), description: null, created_by: OWNER, created_at: 1, disabled_at: null });
      await finalize(await seedFinalizedCapsule(t.db, standard, OWNER, (n += 1)));
      await fanOutEvents(t.db, { nowMs: Date.now() });
      const resolve = dnsResolver({ servers: dns.server, timeoutMs: 2_000 });

      // the default rule: the name points inside (loopback), so nothing is sent and the partner reads why
      await runDispatchPass(t.db, { ...options, policy: () => ({ resolve, allow: isPublicAddress }) });
      const [row] = await deliveriesOf(hook.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, last_status: null });
      expect(row!.last_error).toBe(`the endpoint may not be called: ${name} points to a private or reserved address, which the bridge does not fetch`);
      expect(receiver.received).toHaveLength(0);

      // loopback playing "public": delivered, signed, to the address the test's DNS server gave
      await t.db.updateTable("partner_deliveries").set({ next_attempt_at: 0 }).where("id", "=", row!.id).execute();
      await runDispatchPass(t.db, { ...options, policy: () => ({ resolve, allow: (address) => address === "127.0.0.1" }) });
      expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.verified).toBe(true);
    } finally {
      await dns.close();
      await receiver.close();
    }
  });

  it("the configured rule: loopback for a URL registered on loopback, public addresses for a name", async () => {
    const onLoopback = webhookPolicy(new URL("http://127.0.0.1:9/hooks"));
    expect(onLoopback.allow("127.0.0.1")).toBe(true);
    expect(onLoopback.allow("10.0.0.1")).toBe(false);
    expect(onLoopback.allow("93.184.215.14")).toBe(false);
    const onName = webhookPolicy(new URL("https://partner.example.org/hooks"));
    expect(onName.allow("93.184.215.14")).toBe(true);
    for (const inside of ["127.0.0.1", "10.0.0.1", "169.254.169.254", "::1", "fd00::1", "::ffff:10.0.0.1"]) expect(onName.allow(inside)).toBe(false);
  });
});
