import { describe, expect, it } from "vitest";
import { dialectsUnderTest } from "@/test/support/stack";
import { insertCapsuleRows, LIST_OUTLETS, listCapsule, useListDatabase } from "@/test/support/capsule-list-fixture";
import { publishedArticles } from "./published-articles";
import { renderFeed } from "./feeds";

// An article body stored before bodies were refused past 32 nested quotes or lists (lib/markdown/nesting.ts): the
// listing's excerpt and the outlet's feed parse it, and 4,000 nested quotes overflowed the Markdown packages' stack
// there, failing the front page and the feeds for every reader. Read now at the deepest level allowed.

const dialects = await dialectsUnderTest();
const fields = { status: "finalized" as const, submitter: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", submit_tx_hash: null };

for (const dialect of dialects) {
  describe(`a stored article nested 4,000 deep on ${dialect}`, () => {
    const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
      const [first] = outletIds as [number];
      await insertCapsuleRows(handle.db, 1, () => ({
        ...listCapsule(1, [first, first], { ...fields, article_slug: "deep-story" }),
        body: `${"> ".repeat(4000)}the quoted notice\n\n${"- ".repeat(2000)}the listed item`,
        finalized_at: 1_800_000_000,
        finalized_article_id: "1",
      }));
    });

    it("is listed with its excerpt and carried by its outlet's feed", async () => {
      const page = await publishedArticles(ctx.handle.db, { outletSlug: LIST_OUTLETS[0], page: 1, limit: 20 });
      expect(page.items.map((item) => item.excerpt)).toEqual(["the quoted notice the listed item"]);
      const feed = await renderFeed(ctx.handle.db, "http://127.0.0.1:3000", "atom", { slug: LIST_OUTLETS[0], name: LIST_OUTLETS[0] }, 1_800_000_100);
      expect(feed).toContain("the quoted notice");
    });
  });
}
