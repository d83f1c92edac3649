import { COURT_OUTLET_SLUG, ROLE } from "@/lib/roles/role-catalog";
import { ZCaseIdParams, ZVerdictBody, ZVerdictResponse } from "@/lib/schemas/court";
import { defineEndpoint } from "../define";

// POST /api/court/case/:id/verdict
export const courtVerdict = defineEndpoint({
  id: "court.verdict",
  method: "POST",
  path: "/api/court/case/:id/verdict",
  summary: "A Court clerk closes the case; the verdict becomes the label (and may slash the outlet's bond)",
  action: "court.verdict",
  roles: {
    at: "courtOutlet",
    anyOf: [ROLE.COURT_CLERK],
    what: "record a verdict",
    messages: { forbidden: `Only a Court clerk (role ${ROLE.COURT_CLERK} at "${COURT_OUTLET_SLUG}") may record a verdict` },
  },
  params: ZCaseIdParams,
  body: ZVerdictBody,
  response: ZVerdictResponse,
  rateLimit: ["signed-write"],
  errors: ["INVALID_STATE", "CONFLICT", "CHAIN_UNAVAILABLE"],
  example: { params: { id: "1" }, body: { verdict: "verified", rationale: "The council's notice supports every claim made.", finding: "The reopening date matches the council's notice." } },
});
