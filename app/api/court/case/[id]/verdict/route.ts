import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCaseIdParams, ZVerdictBody, ZVerdictResponse } from "@/lib/schemas/court";
import { recordVerdict } from "@/lib/services/court/record-verdict";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/verdict — a Court clerk closes the case; the verdict becomes the label (and may slash the outlet's bond)
export const POST = route({ action: "court.verdict", body: ZVerdictBody }, async ({ body, wallet, params, now }) => {
  const { id } = ZCaseIdParams.parse(params);
  return ZVerdictResponse.parse(await recordVerdict(db(), wallet, id, body, now));
});
