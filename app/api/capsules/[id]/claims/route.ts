import { db } from "@/lib/db/client";
import { capsuleClaims } from "@/lib/endpoints/capsules/claims";
import { capsuleClaimsSet } from "@/lib/endpoints/capsules/claims-set";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { claimsOf, setClaims } from "@/lib/services/capsules/claims";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/capsules/:id/claims — the capsule's claims in article order
  serve(capsuleClaims, async ({ params, viewer, capsule }) => claimsOf(db(), params.id, viewer, capsule)),
  // POST /api/capsules/:id/claims — the author or an Editor replaces a draft's claims
  serve(capsuleClaimsSet, async ({ params, body, wallet, now }) => setClaims(db(), wallet, params.id, body, now)),
);
