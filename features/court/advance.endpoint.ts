import { ZCaseIdParams, ZJuryActionResponse } from "@/features/court/court.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/court/case/:id/advance
export const courtAdvance = defineEndpoint({
  id: "court.advance",
  method: "POST",
  path: "/api/court/case/:id/advance",
  summary: "Moves a jury case to its next period once the period ended (or its work is done); settles a final case",
  description:
    "Anyone may ask. Relays JuryCourt.advancePeriod (which draws the jurors at the end of the evidence period when nobody drew them yet). Once the case is final, the court case closes with the jury's article finding, the label becomes final and the penalty path runs.",
  action: "court.advance",
  params: ZCaseIdParams,
  response: ZJuryActionResponse,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE", "CONFLICT", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" } },
});
