import { ZAuthCheckBody, ZAuthCheckResponse } from "@/lib/schemas/auth";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/auth/check
export const authCheck = defineEndpoint({
  id: "auth.check",
  method: "POST",
  path: "/api/auth/check",
  summary: "Verifies a signed action token and answers who it was for (tests a client's signing setup)",
  action: "auth.check",
  body: ZAuthCheckBody,
  response: ZAuthCheckResponse,
  rateLimit: ["signed-write"],
  errors: [],
  example: { body: { note: "checking my session" } },
});
