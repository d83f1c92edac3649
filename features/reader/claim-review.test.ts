import { describe, expect, it } from "vitest";
import { schemaOrgProblems } from "@/test/support/schema-org-vocabulary";
import type { TClaimObject } from "@/features/capsules/claims.schema";
import { claimReviews, jsonLdText } from "./claim-review";

const claim = (ordinal: number, label: string | null, verdict: string | null = label): TClaimObject => ({
  claimId: String(ordinal + 40),
  ordinal,
  exact: `Harbour fees rose ${ordinal * 10}% </script>`,
  prefix: "",
  suffix: "",
  claimType: "statistic",
  evidenceIds: [],
  note: null,
  verdict,
  label,
  anchored: true,
});

const article = {
  url: "https://news.example/read/12",
  headline: "Harbour fees",
  authors: ["Ada Reporter", "Ben Editor"],
  datePublished: "2026-11-20T10:00:00.000Z",
  outletName: "Harbour Desk",
  outletUrl: "https://news.example/outlets/harbour-desk",
};

describe("ClaimReview JSON-LD", () => {
  it("publishes one ClaimReview per claim with a finding, in schema.org's vocabulary", () => {
    const reviews = claimReviews([claim(1, "verified"), claim(2, null), claim(3, "misleading", "The figure counts only one quarter")], article);
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toEqual({
      "@context": "https://schema.org",
      "@type": "ClaimReview",
      url: "https://news.example/read/12#claim-1",
      claimReviewed: "Harbour fees rose 10% </script>",
      reviewRating: { "@type": "Rating", alternateName: "verified" },
      author: { "@type": "Organization", name: "Harbour Desk", url: "https://news.example/outlets/harbour-desk" },
      itemReviewed: {
        "@type": "Claim",
        author: [
          { "@type": "Person", name: "Ada Reporter" },
          { "@type": "Person", name: "Ben Editor" },
        ],
        datePublished: "2026-11-20T10:00:00.000Z",
        appearance: { "@type": "NewsArticle", url: "https://news.example/read/12", headline: "Harbour fees" },
      },
    });
    expect(reviews[1]?.reviewBody).toBe("The figure counts only one quarter");
    for (const review of reviews) expect(schemaOrgProblems(review)).toEqual([]);
    expect(jsonLdText(reviews)).not.toContain("</script>");
  });

  it("the checker refuses what schema.org does not define", () => {
    const [review] = claimReviews([claim(1, "verified")], article);
    expect(schemaOrgProblems({ ...review, verdict: "x" })).toEqual(["$.verdict: not a schema.org property"]);
    expect(schemaOrgProblems({ ...review, reviewRating: { "@type": "Person", name: "x" } })[0]).toMatch(/not in the range Rating/);
    expect(schemaOrgProblems({ ...review, itemReviewed: { ...review!.itemReviewed, claimReviewed: "x" } })[0]).toMatch(/not a property of Claim/);
    expect(schemaOrgProblems({ ...review, itemReviewed: { ...review!.itemReviewed, datePublished: "yesterday" } })[0]).toMatch(/not in the range Date, DateTime/);
    expect(schemaOrgProblems({ ...review, "@type": "FactCheck" })[0]).toMatch(/not a schema.org class/);
  });
});
