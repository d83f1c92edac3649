import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress } from "viem";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { capsuleAds, loadAdCampaigns, campaignPage } from "@/features/ads/campaigns";
import { sponsoredFor } from "@/features/ads/impressions";
import { utcDay } from "@/features/ads/reader-hash";
import { walletEarnings } from "@/features/wallet/earnings";
import { dialectsUnderTest } from "@/test/support/stack";
import { openTestDatabase, type TestDatabase } from "@/test/hardening/database";
import { seedFinalizedCapsule, seedOutlet } from "@/features/partners/partners.test-support";

// Issue 29 item 4 on both dialects: the ad a reader sees, counted once per reader, campaign and day
// without storing an address, CPM spent exactly against the budget (the campaign stops there), and the
// revenue split between the outlet and the contributors by shareBps into the ledger a wallet reads.

const dialects = await dialectsUnderTest();
const OWNER = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
const ALICE = getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");
const BOB = getAddress("0x90f79bf6eb2c4f870365e785982e1f101e93b906");
const DAY = 1_800_000_000; // a fixed "now" (2027-01-15 UTC)

describe.each(dialects)("ads readers see on %s", (dialect) => {
  let t: TestDatabase;
  let capsule: CapsuleRow;
  let outlet: { id: number; slug: string };

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    outlet = { id: await seedOutlet(t.db, "ad-desk", OWNER), slug: "ad-desk" };
    capsule = await seedFinalizedCapsule(t.db, outlet, ALICE, 1);
    await t.db
      .insertInto("capsule_contributors")
      .values([
        { capsule_id: capsule.id, wallet: ALICE, display_name: "Alice", role: 1, contribution_type: "author", share_bps: 7000, attribution_uri: null, active: 1, created_at: DAY },
        { capsule_id: capsule.id, wallet: BOB, display_name: "Bob", role: 2, contribution_type: "researcher", share_bps: 3000, attribution_uri: null, active: 1, created_at: DAY },
      ])
      .execute();
    // CPM 1 234 567 wei: not a multiple of 1000, so spend must be kept exactly; budget for 3 impressions (3 703 wei)
    await loadAdCampaigns(t.db, {
      campaigns: [
        { slug: "harbour-ferries", advertiser: "Harbour Ferries", name: "Winter", headline: "Cross the bay for less", body: "Daily sailings.", clickUrl: "https://ferries.example.org/winter", targetOutlets: ["ad-desk"], budget: "3703", cpm: "1234567", startsAt: 0 },
      ],
    }, DAY);
  });
  afterAll(async () => {
    await t?.drop();
  });

  const reader = (n: number) => ({ ip: `203.0.113.${n}`, userAgent: "Mozilla/5.0 test" });
  const campaign = async () => (await campaignPage(t.db, { page: 1, limit: 20 })).items[0]!;

  it("shows the campaign beside a finalized article and counts a reader once a day, storing no address", async () => {
    const ad = await sponsoredFor(t.db, capsule, reader(1), DAY, 5000);
    expect(ad).toMatchObject({ advertiser: "Harbour Ferries", headline: "Cross the bay for less", clickUrl: "https://ferries.example.org/winter", sample: false });
    // the same reader again the same day: shown, not counted; a user agent of its choosing makes it no new reader
    expect(await sponsoredFor(t.db, capsule, reader(1), DAY + 60, 5000)).not.toBeNull();
    for (const userAgent of ["curl/8.5", "Mozilla/5.0 other", ""]) expect(await sponsoredFor(t.db, capsule, { ...reader(1), userAgent }, DAY + 61, 5000)).not.toBeNull();
    expect(await campaign()).toMatchObject({ impressions: 1, spent: "1234", exhausted: false });
    const rows = await t.db.selectFrom("ad_impressions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day: utcDay(DAY), cost_wei: "1234" });
    expect(rows[0]!.reader_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain("203.0.113");
    expect(await t.db.selectFrom("ad_reader_keys").select("day").execute()).toEqual([{ day: utcDay(DAY) }]);
  });

  it("counts the same reader again the next day under a new key, the old key deleted", async () => {
    const next = DAY + 86_400;
    await sponsoredFor(t.db, capsule, reader(1), next, 5000);
    const hashes = await t.db.selectFrom("ad_impressions").select(["day", "reader_hash"]).orderBy("id").execute();
    expect(hashes.map((h) => h.day)).toEqual([utcDay(DAY), utcDay(next)]);
    expect(hashes[0]!.reader_hash).not.toBe(hashes[1]!.reader_hash);
    expect(await t.db.selectFrom("ad_reader_keys").select("day").execute()).toEqual([{ day: utcDay(next) }]);
    // spent exactly: ⌊2 × 1 234 567 / 1000⌋ = 2469
    expect(await campaign()).toMatchObject({ impressions: 2, spent: "2469" });
  });

  it("stops the campaign at its budget", async () => {
    expect(await sponsoredFor(t.db, capsule, reader(2), DAY, 5000)).not.toBeNull(); // ⌊3 × CPM / 1000⌋ = 3703 = the budget
    expect(await campaign()).toMatchObject({ impressions: 3, spent: "3703", exhausted: true });
    expect(await sponsoredFor(t.db, capsule, reader(3), DAY, 5000)).toBeNull();
    expect(await campaign()).toMatchObject({ impressions: 3, spent: "3703" });
  });

  it("splits every charged wei between the outlet and the contributors by shareBps, readable per wallet", async () => {
    const [owner, alice, bob] = await Promise.all([OWNER, ALICE, BOB].map((w) => walletEarnings(t.db, w, { page: 1, limit: 20 })));
    const total = (e: typeof owner) => BigInt(e!.totals.ad);
    expect(total(owner) + total(alice) + total(bob)).toBe(3703n);
    // impression costs 1234, 1235, 1234: the pool is ⌊cost / 2⌋ = 617 each time, Alice ⌊70 %⌋ = 431, Bob ⌊30 %⌋ = 185,
    // the outlet the rest: 617 + 1, 618 + 1, 617 + 1
    expect(alice!.items.map((i) => i.amount)).toEqual(["431", "431", "431"]);
    expect(bob!.items.map((i) => i.amount)).toEqual(["185", "185", "185"]);
    expect(owner!.items.map((i) => i.amount).sort()).toEqual(["618", "618", "619"]);
    expect(owner!.totals).toEqual({ ad: "1855", licence: "0", all: "1855" });
    expect(alice!.items[0]).toMatchObject({ source: "ad", party: "contributor", shareBps: 7000, capsuleId: String(capsule.id), outletSlug: "ad-desk" });
    expect(owner!.items[0]).toMatchObject({ party: "outlet", shareBps: 0 });
  });

  it("runs no ad beside a contested article", async () => {
    const other = await seedFinalizedCapsule(t.db, outlet, ALICE, 2);
    await loadAdCampaigns(t.db, { campaigns: [{ slug: "second", advertiser: "Second Co", name: "Any", headline: "H", body: "B", clickUrl: "https://second.example.org", budget: "1000000", cpm: "1000", startsAt: 0 }] }, DAY);
    expect(await sponsoredFor(t.db, other, reader(9), DAY, 5000)).not.toBeNull();
    await t.db.updateTable("capsules").set({ integrity_label: "contested" }).where("id", "=", other.id).execute();
    const contested = await t.db.selectFrom("capsules").selectAll().where("id", "=", other.id).executeTakeFirstOrThrow();
    expect(await sponsoredFor(t.db, contested, reader(10), DAY, 5000)).toBeNull();
  });

  /** A correction of `parent` as the indexer leaves it: the chain marks the parent superseded at submission. */
  async function correct(parent: CapsuleRow, n: number, outcome: "rejected" | "finalized"): Promise<CapsuleRow> {
    await t.db.updateTable("capsules").set({ status: "superseded" }).where("id", "=", parent.id).execute();
    const row = await seedFinalizedCapsule(t.db, outlet, ALICE, n);
    return t.db
      .updateTable("capsules")
      .set({ capsule_type: "correction", root_capsule_id: parent.root_capsule_id ?? parent.id, parent_capsule_id: parent.id, revision_number: parent.revision_number + 1, status: outcome, ...(outcome === "rejected" ? { finalized_at: null, finalized_article_id: null } : {}) })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const impressionsOf = async (capsuleId: number) => (await t.db.selectFrom("ad_impressions").select("id").where("capsule_id", "=", capsuleId).execute()).length;

  it("runs ads beside the version readers see when its correction was rejected, and counts them for that version", async () => {
    await loadAdCampaigns(t.db, { campaigns: [{ slug: "third", advertiser: "Third Co", name: "Any", headline: "H3", body: "B3", clickUrl: "https://third.example.org", budget: "1000000", cpm: "1000", startsAt: 0 }] }, DAY);
    const original = await seedFinalizedCapsule(t.db, outlet, ALICE, 3);
    const correction = await correct(original, 4, "rejected");
    const superseded = await t.db.selectFrom("capsules").selectAll().where("id", "=", original.id).executeTakeFirstOrThrow();
    expect(superseded.status).toBe("superseded");
    expect(await sponsoredFor(t.db, superseded, reader(20), DAY, 5000)).not.toBeNull();
    expect(await impressionsOf(original.id)).toBe(1);
    expect(await capsuleAds(t.db, original.id, DAY)).toMatchObject({ eligible: true, reason: null, distributionActive: true });
    // the rejected correction itself is no article
    expect(await sponsoredFor(t.db, correction, reader(21), DAY, 5000)).toBeNull();
    expect(await capsuleAds(t.db, correction.id, DAY)).toMatchObject({ eligible: false, distributionActive: false, items: [] });
    expect(await impressionsOf(correction.id)).toBe(0);
  });

  it("runs no ads beside a version an accepted correction replaced, only beside the correction", async () => {
    const original = await seedFinalizedCapsule(t.db, outlet, ALICE, 5);
    const correction = await correct(original, 6, "finalized");
    const superseded = await t.db.selectFrom("capsules").selectAll().where("id", "=", original.id).executeTakeFirstOrThrow();
    expect(await sponsoredFor(t.db, superseded, reader(30), DAY, 5000)).toBeNull();
    expect(await capsuleAds(t.db, original.id, DAY)).toMatchObject({ eligible: false, distributionActive: false, reason: "capsule is superseded; ads run only beside the published version readers see" });
    expect(await sponsoredFor(t.db, correction, reader(31), DAY, 5000)).not.toBeNull();
    expect(await impressionsOf(correction.id)).toBe(1);
  });
});

describe.each(dialects)("ads charged per IPv6 site on %s", (dialect) => {
  let t: TestDatabase;
  let article: CapsuleRow;
  const CAP = 3;

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    article = await seedFinalizedCapsule(t.db, { id: await seedOutlet(t.db, "site-desk", OWNER), slug: "site-desk" }, ALICE, 1);
    await loadAdCampaigns(t.db, {
      campaigns: [{ slug: "site-capped", advertiser: "Site Capped", name: "Spring", headline: "Spring fares", body: "Book now.", clickUrl: "https://fares.example.org/", targetOutlets: ["site-desk"], budget: "1000000000000", cpm: "1000", startsAt: 0 }],
    }, DAY);
  });
  afterAll(async () => {
    await t?.drop();
  });

  const charged = async () => (await t.db.selectFrom("ad_impressions").select("id").execute()).length;
  const show = (ip: string, now = DAY) => sponsoredFor(t.db, article, { ip, userAgent: "Mozilla/5.0 test" }, now, 5000, CAP);

  it("charges one /48 for a bounded number of readers a day; past it they see the ad uncharged", async () => {
    // five /64s of one /48: five readers by the /64 rule, but the site pays for three
    for (let n = 1; n <= 5; n += 1) expect(await show(`2001:db8:77:${n}::1`)).not.toBeNull();
    expect(await charged()).toBe(CAP);
    // a reader of another /48 is charged; the capped site's readers the next day start a new count
    expect(await show("2001:db8:78::1")).not.toBeNull();
    expect(await charged()).toBe(CAP + 1);
    expect(await show("2001:db8:77:9::1", DAY + 86_400)).not.toBeNull();
    expect(await charged()).toBe(CAP + 2);
  });

  it("charges a site exactly its cap when its readers arrive all at once", async () => {
    // The campaign's spend is a compare-and-set (chargeCampaign), so charged impressions of one campaign commit one at a
    // time, and each counts the ones committed before it: on PostgreSQL's read committed as on SQLite, no overshoot.
    const before = await charged();
    const shown = await Promise.all(Array.from({ length: 12 }, (_, n) => show(`2001:db8:79:${n + 1}::1`)));
    expect(shown.filter((ad) => ad !== null).length).toBeGreaterThanOrEqual(CAP);
    expect(await charged()).toBe(before + CAP);
  });

  it("leaves IPv4 readers each their own site", async () => {
    for (let n = 1; n <= 5; n += 1) expect(await show(`198.51.100.${n}`)).not.toBeNull();
    expect(await charged()).toBe(CAP + 2 + CAP + 5);
  });
});
