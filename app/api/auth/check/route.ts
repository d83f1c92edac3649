import { authCheck } from "@/lib/auth/check.endpoint";
import { tokenCheckAnswer } from "@/lib/auth/server/token-check";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// POST /api/auth/check — verifies a signed action token and answers who it was for
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(authCheck, async ({ wallet, sessionId, body }) => tokenCheckAnswer(wallet, sessionId, body.note)));
