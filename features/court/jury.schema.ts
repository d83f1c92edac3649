import { z } from "zod";
import { ZAddressOut, ZUintString } from "@/lib/schemas/primitives";
import { checkBidiControls } from "@/lib/schemas/plain-text";
import { ZStoredUri } from "@/lib/schemas/uri";

/** JuryCourt.MAX_REASON_BYTES: a juror's public reason for one finding, in UTF-8 bytes. */
export const MAX_REASON_BYTES = 280;
const encoder = new TextEncoder();
export const utf8Bytes = (text: string) => encoder.encode(text).length;

// The jury court's part of a court case (issue 28) and the bodies of its relayed actions.
// Findings: verified, misleading, fraudulent, unresolved (JuryCourt's 1..4).

export const juryPeriods = ["evidence", "commit", "reveal", "appeal", "final"] as const;
export const findingNames = ["verified", "misleading", "fraudulent", "unresolved"] as const;
const ZFindingName = z.enum(findingNames);

const ZBytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "32 bytes as 0x-hex");
const ZSignature = z.string().regex(/^0x[0-9a-fA-F]{130}$/, "a 65-byte 0x-hex signature");

export const ZJuror = z.object({
  juror: ZAddressOut,
  round: z.number().int(),
  committed: z.boolean(),
  revealed: z.boolean(),
  /** After the juror's reveal: one finding and one public reason per disputed claim. */
  findings: z.array(ZFindingName).nullable(),
  reasons: z.array(z.string()).nullable(),
  reward: ZUintString.nullable(),
  slashed: ZUintString.nullable(),
});

export const ZJuryEvidence = z.object({
  /** Who submitted it: the wallet, and the side it spoke for. */
  party: ZAddressOut,
  side: z.enum(["challenger", "outlet"]),
  uri: z.string(),
  /** What it is: a file stored in the vault, or a link to something elsewhere (web, IPFS, Arweave). */
  kind: z.enum(["file", "link"]),
  /** A vault file's name as it was uploaded (null for a link, or a file the vault does not know). */
  title: z.string().nullable(),
  mimeType: z.string().nullable(),
  /** A vault file's SHA-256 (its object id, 64 hex): the bytes the jurors read are these. */
  fingerprint: z.string().nullable(),
  round: z.number().int(),
  txHash: z.string(),
  at: ZUintString,
});

export const ZClaimFinding = z.object({
  /** null: the article as a whole. */
  claimId: z.string().nullable(),
  finding: ZFindingName,
});

export const ZJuryTimelineEntry = z.object({
  kind: z.string(),
  round: z.number().int(),
  actor: ZAddressOut.nullable(),
  details: z.record(z.string(), z.unknown()),
  txHash: z.string(),
  blockNumber: ZUintString,
  at: ZUintString,
});

/**
 * One side of an appeal: what it must raise and has raised (wei), and until when it may be funded (chain time,
 * seconds: the losing side until half-way through the period, the winning side until its end).
 */
export const ZAppealSide = z.object({ required: ZUintString, paid: ZUintString, fundingEndsAt: ZUintString });

/** The JuryCourt fields of a case object (clerk cases: court "clerk" and the rest empty). */
export const ZJuryFields = z.object({
  court: z.enum(["clerk", "jury"]),
  juryCaseId: z.string().nullable(),
  /** The disputed claims (empty: the article as a whole). */
  claimIds: z.array(z.string()),
  /**
   * The ids among `claimIds` that are not claims of the case's capsule (a case opened on chain may name any
   * key): the grounds name claims the article does not contain, and the case ends without a finding.
   */
  unknownClaimIds: z.array(z.string()),
  period: z.enum(juryPeriods).nullable(),
  /** Chain time the period ends (null once final). */
  periodEndsAt: ZUintString.nullable(),
  round: z.number().int().nullable(),
  jurors: z.array(ZJuror),
  /** The current ruling per claim: after the first tally; final once `period` is final. */
  findings: z.array(ZClaimFinding),
  articleFinding: ZFindingName.nullable(),
  winner: z.enum(["challenger", "outlet"]).nullable(),
  /** How many evidence items both sides submitted (every round). */
  evidenceCount: z.number().int(),
  evidence: z.array(ZJuryEvidence),
  /**
   * During the appeal period: what each side must raise (wei) and has raised, and the round an appeal opens
   * (its jurors and arbitration cost; cost "0" when no further round can be seated).
   */
  appeal: z.object({ challenger: ZAppealSide, outlet: ZAppealSide, nextRoundJurors: z.number().int(), nextRoundCost: ZUintString }).nullable(),
  juryTimeline: z.array(ZJuryTimelineEntry),
});
export type TJuryFields = z.infer<typeof ZJuryFields>;

export const ZEvidenceBody = z.object({ uri: ZStoredUri }).strict();
export const ZCommitBody = z.object({ commitment: ZBytes32, signature: ZSignature }).strict();
export const ZRevealBody = z
  .object({
    findings: z.array(ZFindingName).min(1).max(32),
    // the contract counts bytes (MAX_REASON_BYTES), not characters: "é" is two, most emoji four
    // published beside the finding: bidirectional controls closed, no override (plain-text.ts; the panel checks it before the commit)
    reasons: z
      .array(z.string().refine((reason) => utf8Bytes(reason) <= MAX_REASON_BYTES, { message: `at most ${MAX_REASON_BYTES} bytes in UTF-8 (accented letters take two, most emoji four)` }).superRefine(checkBidiControls))
      .min(1)
      .max(32),
    salt: ZBytes32,
    signature: ZSignature,
  })
  .strict()
  .refine((body) => body.findings.length === body.reasons.length, { message: "one reason per finding", path: ["reasons"] });
export type TRevealBody = z.infer<typeof ZRevealBody>;

/** What a relayed jury action answers: the case (as GET /api/court/case/:id) and its outbox transaction. */
export const ZOperatorTxRef = z.object({ txHash: z.string(), nonce: ZUintString, status: z.enum(["mined", "sent"]) });

export const ZAppealQuote = z.object({
  ok: z.literal(true),
  caseId: z.string(),
  juryCaseId: z.string(),
  round: z.number().int(),
  periodEndsAt: ZUintString,
  /** The next round's jurors and its arbitration cost (jurors × fee per juror), wei. */
  nextRoundJurors: z.number().int(),
  nextRoundCost: ZUintString,
  sides: z.array(
    z.object({
      side: z.enum(["challenger", "outlet"]),
      /** 1 the challenger, 2 the outlet: the argument of JuryCourt.fundAppeal. */
      sideNumber: z.number().int(),
      winning: z.boolean(),
      required: ZUintString,
      paid: ZUintString,
      remaining: ZUintString,
      /** Chain time (seconds) until which this side may be funded: half-way through the period for the losing side. */
      fundingEndsAt: ZUintString,
    }),
  ),
  /** The call a funder sends from their own wallet, with `value` up to a side's `remaining`. */
  transaction: z.object({ to: ZAddressOut, functionName: z.literal("fundAppeal"), caseId: z.string() }),
});
