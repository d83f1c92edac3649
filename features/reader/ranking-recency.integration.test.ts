import { describe, expect, it } from "vitest";
import { insertCapsuleRows, listCapsule, useListDatabase } from "@/test/support/capsule-list-fixture";
import { rankedArticles } from "./published-articles";

// The front page's and network feeds' recency counts from an article's first publication. A correction is the same
// article: were it counted from the correction, an outlet could keep an old story on top by correcting it.

const NOW = 1_800_000_000;
const HOUR = 3600;
const fields = { status: "finalized" as const, submitter: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", submit_tx_hash: null };

for (const dialect of ["sqlite", "postgres"] as const) {
  describe(`ranking recency on ${dialect}`, () => {
    const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
      const one = (n: number) => listCapsule(n, [outletIds[0]!, outletIds[0]!], { ...fields, article_slug: `story-${n}` });
      // 1: published 10 days ago, superseded by its correction (3) an hour ago; 2: published 5 hours ago
      await insertCapsuleRows(handle.db, 1, () => ({ ...one(1), title: "Old story", status: "superseded", finalized_at: NOW - 240 * HOUR, finalized_article_id: "1" }));
      await insertCapsuleRows(handle.db, 1, () => ({ ...one(2), title: "Fresh story", finalized_at: NOW - 5 * HOUR, finalized_article_id: "2" }));
      await insertCapsuleRows(handle.db, 1, () => ({
        ...one(3),
        title: "Old story",
        capsule_type: "correction",
        root_capsule_id: 1,
        parent_capsule_id: 1,
        revision_number: 1,
        revision_reason: "A date in the second paragraph was wrong.",
        finalized_at: NOW - 1 * HOUR,
        finalized_article_id: "3",
      }));
    });

    it("ranks a corrected old article by its first publication, below a story published since", async () => {
      const page = await rankedArticles(ctx.handle.db, { page: 1, limit: 10 }, NOW);
      expect(page.items.map((item) => item.title)).toEqual(["Fresh story", "Old story"]);
      const corrected = page.items.find((item) => item.title === "Old story")!;
      expect([corrected.capsuleId, corrected.rootId]).toEqual(["3", "1"]);
      expect(corrected.ranking.reasons.find((reason) => reason.factor === "recency")?.text).toBe("first published 10 day(s) ago");
    });
  });
}
