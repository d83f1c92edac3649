import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { issueSiweNonce } from "@/lib/auth/server/session-service";
import { ZNonceResponse } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

// GET /api/auth/nonce — a single-use nonce for a Sign-In with Ethereum session message
export const GET = route({}, async ({ now }) => {
  const { nonce, expiresAt } = await issueSiweNonce(db(), now);
  return ZNonceResponse.parse({ ok: true, nonce, expiresAt: String(expiresAt) });
});
