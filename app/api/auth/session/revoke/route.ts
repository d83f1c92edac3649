import { db } from "@/lib/db/client";
import { revokeSessionFor } from "@/lib/auth/server/session-service";
import { authSessionRevoke } from "@/lib/auth/session-revoke.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// POST /api/auth/session/revoke — sign out: the session that signed this token, or one named by its wallet
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(authSessionRevoke, async ({ body, wallet, sessionId, now }) => ({
    ok: true as const,
    ...(await revokeSessionFor(db(), { wallet, sessionId }, body.sessionId, now)),
  })),
);
