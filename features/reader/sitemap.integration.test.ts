import { describe, expect, it } from "vitest";
import { insertCapsuleRows, listCapsule, useListDatabase } from "@/test/support/capsule-list-fixture";
import { rememberedSitemapArticles, SITEMAP_REMEMBER_MS, sitemapArticles } from "./sitemap";

// The sitemap names the page a reader should find for each published article: the current version of its revision
// chain, of an active outlet, dated by its last change (its finalization or a later label change).

const NOW = 1_800_000_000;
const HOUR = 3600;
const fields = { status: "finalized" as const, submitter: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", submit_tx_hash: null };

for (const [dialect, clock] of [["sqlite", 1e12], ["postgres", 2e12]] as const) {
  describe(`sitemap articles on ${dialect}`, () => {
    const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
      const [first, second] = outletIds as [number, number];
      const one = (n: number, outlet = first) => listCapsule(n, [outlet, outlet], { ...fields, article_slug: `story-${n}` });
      // 1 is superseded by its correction 3; 2 was relabelled after publication; 4 is under vote; 5 is at a suspended outlet
      await insertCapsuleRows(handle.db, 1, () => ({ ...one(1), status: "superseded", finalized_at: NOW - 240 * HOUR, finalized_article_id: "1" }));
      await insertCapsuleRows(handle.db, 1, () => ({ ...one(2), finalized_at: NOW - 5 * HOUR, finalized_article_id: "2" }));
      await insertCapsuleRows(handle.db, 1, () => ({ ...one(3), capsule_type: "correction", root_capsule_id: 1, parent_capsule_id: 1, revision_number: 1, finalized_at: NOW - HOUR, finalized_article_id: "3" }));
      await insertCapsuleRows(handle.db, 1, () => ({ ...one(4), status: "pending" }));
      await insertCapsuleRows(handle.db, 1, () => ({ ...one(5, second), finalized_at: NOW - 2 * HOUR, finalized_article_id: "5" }));
      await handle.db.updateTable("outlets").set({ status: "suspended" }).where("id", "=", second).execute();
      await handle.db
        .insertInto("integrity_label_history")
        .values({ capsule_id: 2, root_capsule_id: 2, outlet_id: first, label: "contested", previous_label: "clean", applied_by: "court", reason: "case 1", case_id: null, tx_hash: null, source_key: null, created_at: NOW - 600 })
        .execute();
    });

    it("lists each chain's current version of active outlets, newest first, dated by its last change", async () => {
      expect(await sitemapArticles(ctx.handle.db)).toEqual([
        { capsuleId: 3, lastModified: NOW - HOUR },
        { capsuleId: 2, lastModified: NOW - 600 },
      ]);
      expect(await sitemapArticles(ctx.handle.db, 1)).toEqual([{ capsuleId: 3, lastModified: NOW - HOUR }]);
    });

    it("gives the same list for a minute, then reads it again", async () => {
      const before = await rememberedSitemapArticles(ctx.handle.db, clock);
      await insertCapsuleRows(ctx.handle.db, 1, () => ({ ...listCapsule(6, [ctx.outletIds[0]!, ctx.outletIds[0]!], { ...fields, article_slug: "story-6" }), finalized_at: NOW, finalized_article_id: "6" }));
      expect(await rememberedSitemapArticles(ctx.handle.db, clock + SITEMAP_REMEMBER_MS - 1)).toEqual(before);
      const after = await rememberedSitemapArticles(ctx.handle.db, clock + SITEMAP_REMEMBER_MS);
      expect(after.map((article) => article.capsuleId)).toEqual([6, ...before.map((article) => article.capsuleId)]);
    });
  });
}
