import { ZCaseListResponse, ZListCasesQuery } from "@/features/court/court.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/court/cases
export const courtCases = defineEndpoint({
  id: "court.cases",
  method: "GET",
  path: "/api/court/cases",
  summary: "Court cases, newest first, filtered by status and outlet",
  query: ZListCasesQuery,
  response: ZCaseListResponse,
  rateLimit: ["public-get"],
  errors: [],
});
