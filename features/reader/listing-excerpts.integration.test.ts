import { describe, expect, it, vi } from "vitest";
import { dialectsUnderTest } from "@/test/support/stack";
import { insertCapsuleRows, LIST_OUTLETS, listCapsule, useListDatabase } from "@/test/support/capsule-list-fixture";

// Every listing (the front page, outlet pages, feeds) is built on each request, and an excerpt is made by parsing the
// article's body: seconds of CPU for ten long articles, on every request. An excerpt is made once per text.

const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/markdown/plain-text", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/markdown/plain-text")>();
  return { ...original, articleExcerpt: (...args: Parameters<typeof original.articleExcerpt>) => (parses.count++, original.articleExcerpt(...args)) };
});
const { publishedArticles } = await import("./published-articles");

const dialects = await dialectsUnderTest();
const fields = { status: "finalized" as const, submitter: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", submit_tx_hash: null };

for (const [index, dialect] of dialects.entries()) {
  describe(`listing excerpts on ${dialect}`, () => {
    const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
      const outlet = outletIds[0]!;
      await insertCapsuleRows(handle.db, 3, (i) => ({
        ...listCapsule(i + 1, [outlet, outlet], { ...fields, article_slug: `story-${i + 1}` }),
        // text of its own in each dialect's run, so the other run's excerpts are not the ones found
        body: `Paragraph ${i + 1} of run ${index}, **long** enough to read.\n\n${"More text. ".repeat(2000)}`,
        finalized_at: 1_800_000_000 + i,
        finalized_article_id: String(i + 1),
      }));
    });

    it("parses each article's text once, however often the listing is read, and gives the same excerpts", async () => {
      const before = parses.count;
      const first = await publishedArticles(ctx.handle.db, { outletSlug: LIST_OUTLETS[0], page: 1, limit: 20 });
      const again = await publishedArticles(ctx.handle.db, { outletSlug: LIST_OUTLETS[0], page: 1, limit: 20 });
      expect(first.items.map((item) => item.excerpt)).toEqual([3, 2, 1].map((n) => expect.stringMatching(new RegExp(`^Paragraph ${n} of run ${index}, long enough to read\\. More text\\.`))));
      expect(again.items.map((item) => item.excerpt)).toEqual(first.items.map((item) => item.excerpt));
      expect(parses.count - before).toBe(3);
    });
  });
}
