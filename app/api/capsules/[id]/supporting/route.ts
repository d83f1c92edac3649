import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { pageQuery } from "@/lib/http/pagination";
import { ZAddSupportingBody, ZCapsuleIdParams, ZSupportingAddResponse, ZSupportingListResponse } from "@/lib/schemas/capsules";
import { addSupporting, supportingPage } from "@/lib/services/capsules/evidence-and-supporting";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/supporting — related capsule ids with their relationship types
export const GET = route({ query: pageQuery }, async ({ params, query }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZSupportingListResponse.parse(await supportingPage(db(), id, query));
});

// POST /api/capsules/:id/supporting — the submitter relates another capsule to this one
export const POST = route({ action: "capsules.supporting.add", body: ZAddSupportingBody, status: 201 }, async ({ params, body, wallet, now }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZSupportingAddResponse.parse(await addSupporting(db(), wallet, id, body, now));
});
