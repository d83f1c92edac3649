import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { claimReviewArticle, claimReviews } from "./claim-review";
import { readerArticle } from "./reader-article";

/**
 * GET /api/capsules/:id/claims?format=claimreview — the ClaimReviews /read/:id publishes. Only a published
 * article has them (its URL and date are what a ClaimReview reviews); any other capsule answers none.
 */
export async function claimReviewsOf(db: DbOrTrx, capsule: CapsuleRow, origin: string) {
  const article = await readerArticle(db, capsule.id, origin);
  const items = article ? claimReviews(article.read.claims, claimReviewArticle(article, `${origin}/read/${capsule.id}`)) : [];
  return { ok: true as const, capsuleId: String(capsule.id), format: "claimreview" as const, items };
}
