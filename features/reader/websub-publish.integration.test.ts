import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOutletById } from "@/features/outlets/outlets.repository";
import { outletStanding } from "@/features/distribution/outlet-report";
import { dialectsUnderTest } from "@/test/support/stack";
import { openTestDatabase, type TestDatabase } from "@/test/hardening/database";
import { seedFinalizedCapsule, seedOutlet } from "@/features/partners/partners.test-support";
import { waitFor } from "@/test/support/wait-for";
import { queueFeedChanges, queuePenaltyEnds, queueTopicChanges } from "./publish";
import { startWebSubHub } from "./hub-runtime";

// The hub pushes a topic only when its feed changed: a Standard outlet's article changes no JSON Feed (it is in none),
// the same change looked at twice pushes once, and a court penalty's end (no event of its own) is pushed to the
// feeds it changes. Subscriptions and articles are written in SQL as the hub and the indexer write them.

const dialects = await dialectsUnderTest();
const ORIGIN = "https://news.example.org";
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe.each(dialects)("WebSub publishing on %s", (dialect) => {
  let t: TestDatabase;
  let n = 0;
  const plain = { id: 0, slug: "plain-desk" };
  const prime = { id: 0, slug: "prime-desk" };
  const subs: Record<"networkJson" | "networkAtom" | "plainAtom", number> = { networkJson: 0, networkAtom: 0, plainAtom: 0 };

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    plain.id = await seedOutlet(t.db, plain.slug, OWNER);
    // a Premium record: 13 months active, 60 accepted capsules, nothing rejected
    prime.id = await seedOutlet(t.db, prime.slug, OWNER, 13);
    for (let k = 0; k < 60; k += 1) await seedFinalizedCapsule(t.db, prime, OWNER, (n += 1));
    const now = Math.floor(Date.now() / 1000);
    const topics = { networkJson: "/feed.json", networkAtom: "/feed.xml", plainAtom: `/outlets/${plain.slug}/feed.xml` };
    for (const [key, path] of Object.entries(topics) as Array<[keyof typeof topics, string]>) {
      const row = await t.db
        .insertInto("websub_subscriptions")
        .values({ topic: `${ORIGIN}${path}`, outlet_id: null, callback: `https://partner.example.net/${key}`, secret: null, lease_seconds: 864_000, state: "active", state_reason: null, expires_at: now + 864_000, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      subs[key] = row.id;
    }
  });
  afterAll(async () => {
    await t?.drop();
  });

  /** The subscriptions that got a delivery queued since `after` (a delivery id), one entry per delivery. */
  const queuedSince = async (after: number) =>
    (await t.db.selectFrom("websub_deliveries").select(["id", "subscription_id"]).where("id", ">", after).orderBy("id").execute()).map((d) => d.subscription_id);
  const lastDelivery = async () => Number((await t.db.selectFrom("websub_deliveries").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0);

  it("pushes a Standard outlet's new article to the feeds that carry it, never to a JSON Feed, and an unchanged feed to no one", async () => {
    const now = Math.floor(Date.now() / 1000);
    const tier = async (id: number) => (await outletStanding(t.db, (await findOutletById(t.db, id))!, now)).tier;
    expect([await tier(plain.id), await tier(prime.id)]).toEqual(["standard", "premium"]);
    // the hub's start: every topic's digest recorded, nothing pushed
    expect(await queueTopicChanges(t.db, "*", "restart", [], { pushUnknown: false })).toBe(0);

    const before = await lastDelivery();
    const article = await seedFinalizedCapsule(t.db, plain, OWNER, (n += 1));
    await queueFeedChanges(t.db, [article.id], "article");
    const queued = await queuedSince(before);
    expect(queued).toContain(subs.plainAtom);
    expect(queued).not.toContain(subs.networkJson);
    expect(new Set(queued).size).toBe(queued.length);

    // the same change heard again (another server's notice, a replay): nothing changed, nothing is sent
    const again = await lastDelivery();
    expect(await queueFeedChanges(t.db, [article.id], "article")).toBe(0);
    expect(await queuedSince(again)).toEqual([]);
  });

  it("pushes a penalty's end to the feeds it changes: the outlet's articles are back in the network JSON Feed", async () => {
    const now = Math.floor(Date.now() / 1000);
    const until = now + 3_600;
    const capsule = await seedFinalizedCapsule(t.db, prime, OWNER, (n += 1));
    const courtCase = await t.db
      .insertInto("court_cases")
      .values({ capsule_id: capsule.id, root_capsule_id: capsule.id, outlet_id: prime.id, outlet_slug: prime.slug, opened_by: OWNER, grounds: "The figures were invented.", claim: null, evidence_id: null, requested_label: "fraudulent", label_before: "clean", status: "open", verdict: null, rationale: null, decided_by: null, opened_at: now, closed_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("court_penalties")
      .values({ case_id: courtCase.id, outlet_id: prime.id, outlet_slug: prime.slug, outlet_wallet: OWNER, verdict: "fraudulent", amount_requested: "0", amount_slashed: "0", bond_before: "0", tx_hash: `0x${"cd".repeat(32)}`, block_number: 1, log_index: 0, penalty_until: until, created_at: now })
      .execute();
    const outlet = (await findOutletById(t.db, prime.id))!;
    // the test's precondition: at most Standard while the penalty runs, above it once it ended
    expect((await outletStanding(t.db, outlet, now)).tier).toBe("standard");
    expect(["elevated", "premium"]).toContain((await outletStanding(t.db, outlet, until + 1)).tier);
    // the feeds as partners hold them while the penalty runs
    await queueTopicChanges(t.db, "*", "court.penalty", [], { now });

    const before = await lastDelivery();
    // nothing ended before `until`
    expect(await queuePenaltyEnds(t.db, now, until - 1, { now: until - 1 })).toBe(0);
    await queuePenaltyEnds(t.db, until - 1, until + 1, { now: until + 1 });
    expect(await queuedSince(before)).toContain(subs.networkJson);
  });

  it("the running hub finds a penalty's end by itself and pushes it", async () => {
    const now = Math.floor(Date.now() / 1000);
    // the earlier penalty is over; a new one ends two seconds from now
    await t.db.updateTable("court_penalties").set({ penalty_until: now - 10 }).where("outlet_id", "=", prime.id).execute();
    const capsule = await seedFinalizedCapsule(t.db, prime, OWNER, (n += 1));
    const courtCase = await t.db
      .insertInto("court_cases")
      .values({ capsule_id: capsule.id, root_capsule_id: capsule.id, outlet_id: prime.id, outlet_slug: prime.slug, opened_by: OWNER, grounds: "Invented again.", claim: null, evidence_id: null, requested_label: "fraudulent", label_before: "clean", status: "open", verdict: null, rationale: null, decided_by: null, opened_at: now, closed_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("court_penalties")
      .values({ case_id: courtCase.id, outlet_id: prime.id, outlet_slug: prime.slug, outlet_wallet: OWNER, verdict: "fraudulent", amount_requested: "0", amount_slashed: "0", bond_before: "0", tx_hash: `0x${"ef".repeat(32)}`, block_number: 2, log_index: 0, penalty_until: now + 2, created_at: now })
      .execute();
    const before = await lastDelivery();
    // deliveries fail (no partner answers); what is looked at is what the hub queued
    const hub = startWebSubHub({ db: t.db, settings: { retryBaseMs: 60_000, maxAttempts: 1 }, pollMs: 100, penaltySweepMs: 200 });
    try {
      const pushed = await waitFor(async () => {
        const ids = (await t.db.selectFrom("websub_deliveries").select("subscription_id").where("id", ">", before).where("reason", "=", "penalty.ended").execute()).map((d) => d.subscription_id);
        return ids.length > 0 ? ids : undefined;
      }, "a delivery for the penalty's end", 30_000);
      expect(pushed).toContain(subs.networkJson);
    } finally {
      await hub.stop();
    }
  });
});
