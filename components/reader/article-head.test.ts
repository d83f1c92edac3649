import { describe, expect, it } from "vitest";
import type { ReaderArticle } from "@/features/reader/reader-article";
import { articleDocumentHead } from "@/components/reader/article-head";

// A correction is the same article: search engines and link previews get the article's first publication as its
// publication date and the correction's finalization as its modification, not the correction as a new article.

const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const FIRST = 1_900_000_000;
const CORRECTED = FIRST + 3 * 86_400;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function correction(): ReaderArticle {
  const read = {
    capsuleId: "9",
    capsule: { id: "9", outletSlug: "harbour-desk", title: "Harbour bridge reopens", submitter: ADDRESS, status: "finalized", capsuleType: "correction", finalizedAt: String(CORRECTED), rootCapsuleId: "7", parentCapsuleId: "7", revisionNumber: 1, integrityLabel: "corrected" },
    content: { title: "Harbour bridge reopens", subtitle: "On Tuesday.", summary: "", body: "The bridge reopens on Tuesday.", language: "en", tags: [], category: null, featureImage: null },
    outlet: { outletSlug: "harbour-desk", outletName: "Harbour Desk" },
    contributors: [{ wallet: ADDRESS, displayName: "Ann Lee", role: 1, contributionType: "author", shareBps: 10_000 }],
    claims: [],
  };
  return { read, outletName: "Harbour Desk", currentId: "9", firstPublishedAt: String(FIRST), currentType: "correction" } as unknown as ReaderArticle;
}

describe("a corrected article's dates in the page head", () => {
  const head = articleDocumentHead(correction(), "https://news.example.org/read/9");
  const property = (name: string) => (head.properties ?? []).find(([key]) => key === name)?.[1];

  it("publishes the first version's date and modifies on the correction's, in OpenGraph", () => {
    expect(property("article:published_time")).toBe(iso(FIRST));
    expect(property("article:modified_time")).toBe(iso(CORRECTED));
  });

  it("does the same in the schema.org NewsArticle", () => {
    const ld = JSON.parse(head.jsonLd ?? "{}") as { datePublished: string; dateModified: string };
    expect([ld.datePublished, ld.dateModified]).toEqual([iso(FIRST), iso(CORRECTED)]);
  });
});
