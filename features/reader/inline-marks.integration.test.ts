import { describe, expect, it } from "vitest";
import { dialectsUnderTest } from "@/test/support/stack";
import { insertCapsuleRows, LIST_OUTLETS, listCapsule, useListDatabase } from "@/test/support/capsule-list-fixture";
import { publishedArticles } from "./published-articles";
import { renderFeed } from "./feeds";

// An article body stored before bodies were refused past 1,000 emphasis and link marks in a paragraph
// (lib/markdown/inline-marks.ts): the listing's excerpt and the outlet's feed parse it, and micromark looks back over
// every mark before each `]` or `*` run, for minutes on a long body. The parser is given the marks past the 1,000th
// as their full-width look-alikes: the words are read, and in a time that grows with the text, not its square.

const dialects = await dialectsUnderTest();
const fields = { status: "finalized" as const, submitter: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", submit_tx_hash: null };

for (const dialect of dialects) {
  describe(`a stored article with 7,000 marks in one paragraph on ${dialect}`, () => {
    const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
      const [first] = outletIds as [number];
      await insertCapsuleRows(handle.db, 1, () => ({
        ...listCapsule(1, [first, first], { ...fields, article_slug: "marked-story" }),
        // 500 empty links (no words, 1,000 marks) before the words, so the excerpt starts where the limit is past
        body: `${"[](https://example.org/a) ".repeat(500)}the notice ${"]".repeat(6000)} ends here`,
        finalized_at: 1_800_000_000,
        finalized_article_id: "1",
      }));
    });

    it("is listed with its excerpt, the marks past the limit made plain, and carried by its outlet's feed", async () => {
      const page = await publishedArticles(ctx.handle.db, { outletSlug: LIST_OUTLETS[0], page: 1, limit: 20 });
      const [excerpt] = page.items.map((item) => item.excerpt);
      expect(excerpt).toMatch(/^the notice \uff3d+…$/);
      const feed = await renderFeed(ctx.handle.db, "http://127.0.0.1:3000", "atom", { slug: LIST_OUTLETS[0], name: LIST_OUTLETS[0] }, 1_800_000_100);
      expect(feed).toContain("the notice");
      expect(feed).toContain("\uff3d");
    });
  });
}
