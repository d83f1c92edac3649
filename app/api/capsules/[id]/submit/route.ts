import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCapsuleIdParams, ZSubmitCapsuleBody, ZSubmitResponse } from "@/lib/schemas/capsules";
import { issueSubmitVoucher } from "@/lib/services/capsules/submit";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/submit — authorize a draft; answers the signed SubmitVoucher the wallet sends with the fee
export const POST = route({ action: "capsules.submit", body: ZSubmitCapsuleBody }, async ({ params, wallet, now }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZSubmitResponse.parse(await issueSubmitVoucher(db(), wallet, id, now));
});
