import { ZCaseIdParams } from "@/features/court/court.schema";
import { ZAppealQuote } from "@/features/court/jury.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/court/case/:id/appeal
export const courtAppeal = defineEndpoint({
  id: "court.appeal",
  method: "GET",
  path: "/api/court/case/:id/appeal",
  summary: "What funding each side of a jury case's appeal costs, has raised and still needs, before anyone funds",
  description:
    "During the appeal period: the losing side must raise 2× the next round's arbitration cost, the winning side 1×. Funding is a payment, so the funder sends JuryCourt.fundAppeal(caseId, side) from their own wallet (the bridge relays no payments); anything above a side's remaining need is credited back to the funder.",
  params: ZCaseIdParams,
  response: ZAppealQuote,
  rateLimit: ["public-get"],
  errors: ["CASE_NOT_FOUND", "INVALID_STATE"],
  example: { params: { id: "1" } },
});
