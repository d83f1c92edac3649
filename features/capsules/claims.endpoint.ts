import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { ZClaimsOrReviewsResponse, ZClaimsQuery } from "@/features/capsules/claims.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/claims
export const capsuleClaims = defineEndpoint({
  id: "capsules.claims",
  method: "GET",
  path: "/api/capsules/:id/claims",
  summary: "The capsule's claims in article order, each with its quote, type, evidence ids, verdict and label; format=claimreview: schema.org ClaimReviews of the claims with a finding",
  params: ZCapsuleIdParams,
  query: ZClaimsQuery,
  response: ZClaimsOrReviewsResponse,
  rateLimit: ["public-get"],
  privateDrafts: { capsuleParam: "id" },
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
