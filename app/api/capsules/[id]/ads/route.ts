import { db } from "@/lib/db/client";
import { capsuleAds } from "@/lib/endpoints/capsules/ads";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { capsuleAds as adsOf } from "@/lib/services/ads/campaigns";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/ads — campaigns that run beside the capsule (same answer as /api/ads/:capsuleId)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleAds, async ({ params, now }) => adsOf(db(), params.id, now)));
