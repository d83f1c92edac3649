import { db } from "@/lib/db/client";
import { adsOfCapsule } from "@/features/ads/of-capsule.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { capsuleAds } from "@/features/ads/campaigns";

export const dynamic = "force-dynamic";

// GET /api/ads/:capsuleId — campaigns that run beside the capsule
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(adsOfCapsule, async ({ params, now }) => capsuleAds(db(), params.capsuleId, now)));
