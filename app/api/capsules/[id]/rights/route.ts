import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { pageQuery } from "@/lib/http/pagination";
import { ZCapsuleIdParams } from "@/lib/schemas/capsules";
import { ZCapsuleRightsResponse } from "@/lib/schemas/rights";
import { capsuleRights } from "@/lib/services/rights/rights";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/rights — the capsule's rights listings with their licences
export const GET = route({ query: pageQuery }, async ({ params, query, now }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZCapsuleRightsResponse.parse(await capsuleRights(db(), id, query, now));
});
