import { authCheck } from "@/lib/endpoints/auth/check";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

// POST /api/auth/check — verifies a signed action token and answers who it was for
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(authCheck, async ({ wallet, sessionId, body }) => ({
    ok: true as const,
    wallet,
    session: sessionId === wallet.toLowerCase() ? ("wallet" as const) : ("session-key" as const),
    note: body.note ?? null,
  })),
);
