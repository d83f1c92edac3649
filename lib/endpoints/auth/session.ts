import { ZCreateSessionBody, ZSessionResponse } from "@/lib/schemas/auth";
import { defineEndpoint } from "../define";

// POST /api/auth/session
export const authSession = defineEndpoint({
  id: "auth.session",
  method: "POST",
  path: "/api/auth/session",
  summary: "Registers a session key the wallet authorized with Sign-In with Ethereum (no token; limited per IP)",
  body: ZCreateSessionBody,
  response: ZSessionResponse,
  status: 201,
  rateLimit: ["sign-in"],
  errors: ["UNAUTHORIZED", "INVALID_SIGNATURE"],
});
