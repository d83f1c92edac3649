import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCapsuleIdParams } from "@/lib/schemas/capsules";
import { ZDisputeBody, ZDisputeResponse } from "@/lib/schemas/court";
import { openDispute } from "@/lib/services/court/open-dispute";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/dispute — a bonded wallet opens a court case; the capsule becomes contested
export const POST = route({ action: "capsules.dispute", body: ZDisputeBody, status: 201 }, async ({ body, wallet, params, now }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZDisputeResponse.parse(await openDispute(db(), wallet, id, body, now));
});
