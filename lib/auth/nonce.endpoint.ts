import { ZNonceResponse } from "@/lib/schemas/auth";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/auth/nonce
export const authNonce = defineEndpoint({
  id: "auth.nonce",
  method: "GET",
  path: "/api/auth/nonce",
  summary: "A single-use nonce for a Sign-In with Ethereum session message (valid 10 minutes)",
  response: ZNonceResponse,
  rateLimit: ["public-get"],
  errors: ["SIGN_IN_UNAVAILABLE"],
});
