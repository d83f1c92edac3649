import { z } from "zod";
import { ZStoredUri } from "@/lib/schemas/uri";
import { zMultiLine, zOneLine } from "@/lib/schemas/plain-text";

// The right of reply (issue 13): the capsule's author or an Editor of its outlet answers a dispute
// with text and evidence within the reply window (chain time).

const ZReplyEvidence = z
  .object({
    uri: ZStoredUri,
    contentHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "0x + 64 hex digits (SHA-256)")
      .transform((v) => v.toLowerCase())
      .optional(),
    label: zOneLine(1, 300),
  })
  .strict();

export const ZReplyBody = z
  .object({
    reply: zMultiLine(20, 5000, { trim: true }),
    evidence: z.array(ZReplyEvidence).max(20).default([]),
  })
  .strict();
export type TReplyBody = z.infer<typeof ZReplyBody>;

export const ZCourtReply = z.object({
  /** Chain time (Unix seconds) the reply window ends; no verdict before it unless a reply was filed. */
  dueAt: z.string().regex(/^[0-9]+$/),
  repliedBy: z.string().regex(/^0x[0-9a-fA-F]{40}$/).nullable(),
  reply: z.string().nullable(),
  evidence: z.array(z.object({ uri: z.string(), contentHash: z.string().optional(), label: z.string() })),
  repliedAt: z.string().regex(/^[0-9]+$/).nullable(),
});
export type TCourtReply = z.infer<typeof ZCourtReply>;
