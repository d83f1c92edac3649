import type { Hex } from "viem";
import { db } from "@/lib/db/client";
import { registerSession } from "@/lib/auth/server/session-service";
import { authSession } from "@/lib/auth/session.endpoint";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// POST /api/auth/session — register a session key the wallet authorized with Sign-In with Ethereum
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(authSession, async ({ body, now }) => {
    const session = await registerSession(db(), { message: body.message, signature: body.signature as Hex }, now);
    return { ok: true as const, ...session, expiresAt: String(session.expiresAt) };
  }),
);
