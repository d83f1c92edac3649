import { z } from "zod";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const ZAuthCheckBody = z.object({ note: z.string().max(200).optional() }).strict();

// POST /api/auth/check — verifies a signed action token and answers who it was for
export const POST = route({ action: "auth.check", body: ZAuthCheckBody }, async ({ wallet, sessionId, body }) => ({
  ok: true,
  wallet,
  session: sessionId === wallet.toLowerCase() ? "wallet" : "session-key",
  note: body.note ?? null,
}));
