import { db } from "@/lib/db/client";
import { capsuleClaims } from "@/features/capsules/claims.endpoint";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { claimsOf, setClaims } from "@/features/capsules/claims";
import { claimReviewsOf } from "@/features/reader/claim-reviews-route";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { publicOrigin } from "@/lib/http/public-origin";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/capsules/:id/claims — the capsule's claims in article order
  serve(capsuleClaims, async ({ params, query, viewer, capsule, request }) => {
    const claims = await claimsOf(db(), params.id, viewer, capsule);
    return query.format === "claimreview" ? claimReviewsOf(db(), capsule ?? (await getCapsuleOrThrow(db(), params.id)), publicOrigin(request)) : claims;
  }),
  // POST /api/capsules/:id/claims — the author or an Editor replaces a draft's claims
  serve(capsuleClaimsSet, async ({ params, body, wallet, now }) => setClaims(db(), wallet, params.id, body, now)),
);
