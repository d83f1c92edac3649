import { z } from "zod";

export const ZNonceResponse = z.object({ ok: z.literal(true), nonce: z.string(), expiresAt: z.string() });

export const ZCreateSessionBody = z.object({
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, "expected a 65-byte signature"),
});
export type TCreateSessionBody = z.infer<typeof ZCreateSessionBody>;

export const ZSessionResponse = z.object({
  ok: z.literal(true),
  sessionId: z.string(),
  wallet: z.string(),
  sessionKey: z.string(),
  expiresAt: z.string(),
});

export const ZRevokeSessionBody = z.object({ sessionId: z.string().regex(/^0x[0-9a-f]{64}$/).optional() }).strict();
export const ZRevokeSessionResponse = z.object({ ok: z.literal(true), revoked: z.boolean(), sessionId: z.string() });

export const ZAuthCheckBody = z.object({ note: z.string().max(200).optional() }).strict();
export const ZAuthCheckResponse = z.object({
  ok: z.literal(true),
  wallet: z.string(),
  session: z.enum(["wallet", "session-key"]),
  note: z.string().nullable(),
});
