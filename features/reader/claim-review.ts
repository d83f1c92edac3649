import { creditName } from "@/features/capsules/credit-name";
import type { TClaimObject } from "@/features/capsules/claims.schema";
import type { ReaderArticle } from "./reader-article";

// schema.org ClaimReview (issue 27 item 6) for each claim the court has ruled on: the shape fact-checkers
// publish, so search engines and fact-check aggregators read Capsule's findings claim by claim.
// Served as JSON-LD on /read/:id and by GET /api/capsules/:id/claims?format=claimreview.

export type ClaimReviewArticle = {
  /** The article's canonical URL (/read/:id). */
  url: string;
  headline: string;
  /** Display names of the article's contributors. */
  authors: string[];
  /** ISO 8601 time of finalization. */
  datePublished: string | undefined;
  outletName: string;
  outletUrl: string;
};

export type ClaimReview = {
  "@context": "https://schema.org";
  "@type": "ClaimReview";
  url: string;
  claimReviewed: string;
  reviewRating: { "@type": "Rating"; alternateName: string };
  reviewBody?: string;
  author: { "@type": "Organization"; name: string; url: string };
  itemReviewed: {
    "@type": "Claim";
    author: Array<{ "@type": "Person"; name: string }>;
    datePublished?: string;
    appearance: { "@type": "NewsArticle"; url: string; headline: string };
  };
};

const iso = (unixSeconds: string) => (Number(unixSeconds) > 0 ? new Date(Number(unixSeconds) * 1000).toISOString() : undefined);

/** The article's authors as a ClaimReview names them: display names, "wallet 0x1234…abcd" when none was given. */
export const claimAuthors = (contributors: ReaderArticle["read"]["contributors"]): string[] => contributors.filter((person) => person.active).map(creditName);

/** What a ClaimReview says of the article a published capsule is. */
export const claimReviewArticle = (article: ReaderArticle, canonical: string): ClaimReviewArticle => ({
  url: canonical,
  headline: article.read.content.title || article.read.capsule.title,
  authors: claimAuthors(article.read.contributors),
  datePublished: iso(article.firstPublishedAt),
  outletName: article.outletName,
  outletUrl: `${new URL(canonical).origin}/outlets/${article.read.outlet.outletSlug}`,
});

/** The anchor of a claim on /read/:id (the footnote marker's target). */
export const claimAnchor = (ordinal: number): string => `claim-${ordinal}`;

/** A ClaimReview per claim with a finding (a label); claims without one are left out. */
export function claimReviews(claims: TClaimObject[], article: ClaimReviewArticle): ClaimReview[] {
  return claims.flatMap((claim) => {
    if (!claim.label) return [];
    const review: ClaimReview = {
      "@context": "https://schema.org",
      "@type": "ClaimReview",
      url: `${article.url}#${claimAnchor(claim.ordinal)}`,
      claimReviewed: claim.exact,
      reviewRating: { "@type": "Rating", alternateName: claim.label },
      author: { "@type": "Organization", name: article.outletName, url: article.outletUrl },
      itemReviewed: {
        "@type": "Claim",
        author: article.authors.map((name) => ({ "@type": "Person", name })),
        ...(article.datePublished ? { datePublished: article.datePublished } : {}),
        appearance: { "@type": "NewsArticle", url: article.url, headline: article.headline },
      },
    };
    if (claim.verdict && claim.verdict !== claim.label) review.reviewBody = claim.verdict;
    return [review];
  });
}

/** JSON-LD text safe inside <script type="application/ld+json"> ("<" escaped so the element cannot close early). */
export const jsonLdText = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c");
