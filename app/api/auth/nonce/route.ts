import { db } from "@/lib/db/client";
import { issueSiweNonce } from "@/lib/auth/server/session-service";
import { authNonce } from "@/lib/auth/nonce.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/auth/nonce — a single-use nonce for a Sign-In with Ethereum session message
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(authNonce, async ({ now }) => {
    const { nonce, expiresAt } = await issueSiweNonce(db(), now);
    return { ok: true as const, nonce, expiresAt: String(expiresAt) };
  }),
);
