import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { pageQuery } from "@/lib/http/pagination";
import { ZCapsuleIdParams } from "@/lib/schemas/capsules";
import { ZCapsuleCasesResponse } from "@/lib/schemas/court";
import { capsuleCasePage } from "@/lib/services/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/disputes — the capsule's court cases, newest first
export const GET = route({ query: pageQuery }, async ({ params, query }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZCapsuleCasesResponse.parse(await capsuleCasePage(db(), id, query));
});
