import { db } from "@/lib/db/client";
import { issueSiweNonce } from "@/lib/auth/server/session-service";
import { authNonce } from "@/lib/endpoints/auth/nonce";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

// GET /api/auth/nonce — a single-use nonce for a Sign-In with Ethereum session message
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(authNonce, async ({ now }) => {
    const { nonce, expiresAt } = await issueSiweNonce(db(), now);
    return { ok: true as const, nonce, expiresAt: String(expiresAt) };
  }),
);
