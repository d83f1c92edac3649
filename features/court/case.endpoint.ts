import { ZCaseIdParams, ZCaseResponse } from "@/features/court/court.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/court/case/:id
export const courtCase = defineEndpoint({
  id: "court.case",
  method: "GET",
  path: "/api/court/case/:id",
  summary: "One court case with its full timeline",
  params: ZCaseIdParams,
  response: ZCaseResponse,
  rateLimit: ["public-get"],
  errors: ["CASE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
