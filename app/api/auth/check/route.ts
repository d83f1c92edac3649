import { authCheck } from "@/lib/auth/check.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

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
