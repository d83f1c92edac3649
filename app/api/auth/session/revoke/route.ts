import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { revokeSession } from "@/lib/auth/server/session-service";
import { ZRevokeSessionBody, ZRevokeSessionResponse } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

// POST /api/auth/session/revoke — sign out: the session that signed this token, or one named by its wallet
export const POST = route({ action: "auth.session.revoke", body: ZRevokeSessionBody }, async ({ body, wallet, sessionId, now }) => {
  const fromToken = sessionId.startsWith("session:") ? sessionId.slice("session:".length) : undefined;
  const target = body.sessionId ?? fromToken;
  if (!target) throw new AppError("VALIDATION_ERROR", "Name the session to revoke", { issues: [{ path: "sessionId", message: "required when the token is wallet-signed" }] });
  const revoked = await revokeSession(db(), target, wallet, now);
  return ZRevokeSessionResponse.parse({ ok: true, revoked, sessionId: target });
});
