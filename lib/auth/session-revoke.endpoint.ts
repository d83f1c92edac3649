import { ZRevokeSessionBody, ZRevokeSessionResponse } from "@/lib/schemas/auth";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/auth/session/revoke
export const authSessionRevoke = defineEndpoint({
  id: "auth.session-revoke",
  method: "POST",
  path: "/api/auth/session/revoke",
  summary: "Signs out: revokes the session that signed the token, or one of the wallet's sessions by id",
  action: "auth.session.revoke",
  rolesNote: "a session key signs out its own session; a wallet-signed token may name any of the wallet's sessions",
  body: ZRevokeSessionBody,
  response: ZRevokeSessionResponse,
  rateLimit: ["signed-write"],
  errors: [],
  example: { body: { sessionId: "0x5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e" } },
});
