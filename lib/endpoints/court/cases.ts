import { ZCaseListResponse, ZListCasesQuery } from "@/lib/schemas/court";
import { defineEndpoint } from "../define";

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
