import type { Hex } from "viem";
import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { publicOrigin } from "@/lib/http/public-origin";
import { registerSession } from "@/lib/auth/server/session-service";
import { ZCreateSessionBody, ZSessionResponse } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

// POST /api/auth/session — register a session key the wallet authorized with Sign-In with Ethereum
export const POST = route({ body: ZCreateSessionBody, status: 201 }, async ({ body, request, now }) => {
  const session = await registerSession(
    db(),
    { message: body.message, signature: body.signature as Hex, expectedDomain: new URL(publicOrigin(request)).host },
    now,
  );
  return ZSessionResponse.parse({ ok: true, ...session, expiresAt: String(session.expiresAt) });
});
