import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import sampleState from "@/bounty/sample-state.json";
import { ensureSampleBountyState } from "@/bounty/load-state";
import { openBountyStore } from "@/bounty/state-store";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { ZCampaignPage } from "@/features/ads/ads.schema";
import { campaignPage, ensureSampleAdCampaigns, loadAdCampaigns } from "@/features/ads/campaigns";
import { sampleAdCampaigns } from "@/features/ads/sample-campaigns";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest } from "@/test/support/stack";
import { migrateBefore } from "@/test/support/fresh-database";

// Issue 15, finding 8 (SQL side): sample bounty proposals and ad campaigns are marked `sample: true`;
// databases that already hold the bundled records get them marked by the migration; real records not.

const dialects = await dialectsUnderTest();
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function rawDatabase(dialect: "sqlite" | "postgres"): Promise<{ handle: DatabaseHandle; where: { databaseUrl?: string; sqliteFile: string } }> {
  if (dialect === "postgres") {
    const pg = await createTestDatabase("capsule_hardening");
    const handle = openDatabase({ databaseUrl: pg.url, sqliteFile: "unused.sqlite" });
    cleanups.push(async () => (await handle.close(), await pg.drop()));
    return { handle, where: { databaseUrl: pg.url, sqliteFile: "unused.sqlite" } };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-hardening-"));
  const sqliteFile = path.join(dir, "capsule.sqlite");
  const handle = openDatabase({ sqliteFile });
  cleanups.push(async () => (await handle.close(), fs.rmSync(dir, { recursive: true, force: true })));
  return { handle, where: { sqliteFile } };
}

describe.each(dialects)("sample data on %s", (dialect) => {
  it("marks the bundled records an earlier version loaded, and nothing else", async () => {
    const { handle, where } = await rawDatabase(dialect);
    const db = handle.db as Kysely<any>;
    await migrateBefore(db, "2026-11-24-0510");
    // what earlier versions wrote on every start: the bundled sample, unmarked
    for (const p of sampleState.proposals) {
      await db
        .insertInto("bounty_proposals")
        .values({ id: p.id, title: p.title, summary: p.summary, capsule_id: p.capsuleId, outlet_slug: p.outletSlug, reward_amount: p.rewardAmount, reward_token: p.rewardToken, proposer: p.proposer, status: p.status, created_at: Number(p.createdAt), updated_at: Number(p.updatedAt) })
        .execute();
    }
    for (const e of sampleState.evaluations) {
      await db.insertInto("bounty_evaluations").values({ id: e.id, proposal_id: e.proposalId, evaluator: e.evaluator, score: e.score, verdict: e.verdict, rationale: e.rationale, created_at: Number(e.createdAt) }).execute();
    }
    // and a real proposal of the bounty engine
    await db
      .insertInto("bounty_proposals")
      .values({ id: "bp-2026-0100", title: "Real", summary: "A real proposal", capsule_id: "7", outlet_slug: null, reward_amount: "1", reward_token: "native", proposer: "0x7b3bCD12A45ba02B28d10D7D6487454e9d33aD4E", status: "open", created_at: 1_800_000_000, updated_at: 1_800_000_000 })
      .execute();
    const now = 1_800_000_000;
    const campaigns = sampleAdCampaigns(now).campaigns;
    const real = { ...campaigns[0]!, slug: "harbour-bakery", advertiser: "Harbour Bakery" };
    for (const c of [...campaigns, real]) {
      await db
        .insertInto("ad_campaigns")
        .values({ slug: c.slug, advertiser: c.advertiser, name: c.name, status: "active", headline: c.headline, body: c.body, click_url: c.clickUrl, target_outlets_json: "[]", target_categories_json: "[]", budget: c.budget, cpm: c.cpm, starts_at: c.startsAt, ends_at: c.endsAt, created_at: now, updated_at: now })
        .execute();
    }

    await migrateToLatest(handle.db);

    const store = openBountyStore(where);
    try {
      const proposals = await store.listProposals({ limit: 100, offset: 0 });
      expect(proposals).toHaveLength(13);
      expect(proposals.filter((p) => p.sample).map((p) => p.id).sort()).toEqual(sampleState.proposals.map((p) => p.id).sort());
      expect(proposals.find((p) => p.id === "bp-2026-0100")?.sample).toBe(false);
      const evaluations = await store.listEvaluations({ limit: 100, offset: 0 });
      expect(evaluations.every((e) => e.sample)).toBe(true);
    } finally {
      await store.close();
    }
    const page = ZCampaignPage.parse(await campaignPage(handle.db, { page: 1, limit: 100 }));
    expect(page.items.filter((c) => c.sample).map((c) => c.slug).sort()).toEqual(campaigns.map((c) => c.slug).sort());
    expect(page.items.find((c) => c.slug === "harbour-bakery")?.sample).toBe(false);
    const marked = await db.selectFrom("bounty_proposals").select(sql<number>`count(*)`.as("n")).where("sample", "=", 1).executeTakeFirstOrThrow();
    expect(Number(marked.n)).toBe(12);
  });

  it("loads new sample records marked, and operator-loaded campaigns unmarked", async () => {
    const { handle, where } = await rawDatabase(dialect);
    await migrateToLatest(handle.db);
    expect(await ensureSampleBountyState(handle.db)).toBe(true);
    expect(await ensureSampleAdCampaigns(handle.db, 1_800_000_000)).toBe(true);
    await loadAdCampaigns(handle.db, { campaigns: [{ ...sampleAdCampaigns(1_800_000_000).campaigns[0]!, slug: "harbour-bakery", advertiser: "Harbour Bakery" }] }, 1_800_000_000);
    const store = openBountyStore(where);
    try {
      expect((await store.listProposals({ limit: 100, offset: 0 })).every((p) => p.sample)).toBe(true);
    } finally {
      await store.close();
    }
    const page = ZCampaignPage.parse(await campaignPage(handle.db, { page: 1, limit: 100 }));
    expect(page.items.map((c) => [c.slug, c.sample])).toContainEqual(["harbour-bakery", false]);
    expect(page.items.filter((c) => c.sample)).toHaveLength(5);
  });
});
