import { db } from "@/lib/db/client";
import { capsuleAds } from "@/features/ads/capsule-ads.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { capsuleAds as adsOf } from "@/features/ads/campaigns";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/ads — campaigns that run beside the capsule (same answer as /api/ads/:capsuleId)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleAds, async ({ params, now }) => adsOf(db(), params.id, now)));
