import { db } from "@/lib/db/client";
import { adsOfCapsule } from "@/lib/endpoints/ads/of-capsule";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { capsuleAds } from "@/lib/services/ads/campaigns";

export const dynamic = "force-dynamic";

// GET /api/ads/:capsuleId — campaigns that run beside the capsule
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(adsOfCapsule, async ({ params, now }) => capsuleAds(db(), params.capsuleId, now)));
