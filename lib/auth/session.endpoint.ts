import { ZCreateSessionBody, ZSessionResponse } from "@/lib/schemas/auth";
import { defineEndpoint } from "@/lib/endpoints/define";

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
  errors: ["UNAUTHORIZED", "INVALID_SIGNATURE", "SIGN_IN_UNAVAILABLE"],
  example: { body: { message: "capsule.example.org wants you to sign in with your Ethereum account: …", signature: "0x1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111" } },
});
