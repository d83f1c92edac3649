import { z } from "zod";
import { zMultiLine } from "@/lib/schemas/plain-text";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse, ZAddressOut, ZUintString } from "@/lib/schemas/primitives";
import { zDecimalId } from "@/lib/schemas/whole-number";
import { ZSlug } from "@/features/outlets/outlets.schema";
import { ZCourtReply } from "./court-reply.schema";
import { getAddress } from "viem";
import { juryPeriods, ZJuryFields, ZOperatorTxRef } from "./jury.schema";

// Court cases, verdicts and integrity labels (seed: Integrity labels, States and transitions;
// docs/ARCHITECTURE.md, "States"). Ids are decimal strings, times Unix seconds as strings, amounts wei strings.

export const integrityLabels = ["clean", "verified", "contested", "unresolved", "misleading", "fraudulent", "corrected", "retracted_by_author"] as const;
export const verdicts = ["verified", "misleading", "fraudulent", "unresolved"] as const;
export const ZIntegrityLabel = z.enum(integrityLabels);

/** What the challenger writes on the dispute page, checked in the browser before the wallet pays. */
export const ZDisputeFields = z
  .object({
    grounds: zMultiLine(20, 5000, { trim: true }),
    claim: zMultiLine(1, 2000, { trim: true }).optional(),
    evidenceId: zDecimalId("evidence id").optional(),
    requestedLabel: z.enum(["misleading", "fraudulent"]).optional(),
    claimIds: z
      .array(zDecimalId("claim id"))
      .max(32)
      .refine((ids) => new Set(ids).size === ids.length, "each claim once")
      .optional()
      .meta({ description: "The disputed claims of the capsule (none: the article as a whole); they must be the claims of the JuryCourt case" }),
  })
  .strict();

/** Said to a client that files a dispute without the opening transaction (the clerk court is retired). */
export const OPEN_TX_HASH_NEEDED =
  "A jury decides disputes: open the case on chain first with JuryCourt.openCase(capsuleId, claim keys), paying the arbitration fee (first-round jurors × fee per juror, shown on the dispute page /capsules/:id/dispute; the JuryCourt address is in GET /api/meta/contracts-summary), then send that transaction's hash as openTxHash";

export const ZDisputeBody = ZDisputeFields.extend({
  openTxHash: z
    .string({ error: (issue) => (issue.input === undefined ? OPEN_TX_HASH_NEEDED : "a transaction hash") })
    .regex(/^0x[0-9a-fA-F]{64}$/, "a transaction hash")
    .meta({ description: "The challenger's JuryCourt.openCase transaction (the fee paid): a jury decides the case" }),
}).strict();
export type TDisputeBody = z.infer<typeof ZDisputeBody>;

export const ZCaseIdParams = z.object({ id: zDecimalId("case id") });

export const ZListCasesQuery = pageQuery.extend({
  status: z.enum(["open", "closed"]).optional(),
  outlet: ZSlug.optional(),
  period: z.enum(juryPeriods).optional().meta({ description: "Jury cases in this period" }),
  outcome: z.enum(verdicts).optional().meta({ description: "Cases closed with this verdict" }),
  juror: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "an address").transform((v) => getAddress(v)).optional().meta({ description: "Jury cases this wallet was drawn for" }),
});
export type TListCasesQuery = z.infer<typeof ZListCasesQuery>;

export const ZPenalty = z.object({
  caseId: z.string(),
  outletSlug: z.string(),
  outletWallet: ZAddressOut,
  verdict: z.enum(["misleading", "fraudulent"]),
  amountRequested: ZUintString,
  amountSlashed: ZUintString,
  bondBefore: ZUintString,
  txHash: z.string(),
  event: z.object({ name: z.literal("PenaltyApplied"), blockNumber: ZUintString, logIndex: z.number().int() }),
  penaltyUntil: ZUintString,
  createdAt: ZUintString,
});
export type TPenalty = z.infer<typeof ZPenalty>;

export const ZCourtCase = z.object({
  caseId: z.string(),
  capsuleId: z.string(),
  /** The disputed capsule's title. */
  capsuleTitle: z.string(),
  rootCapsuleId: z.string(),
  outletSlug: z.string(),
  /** The outlet's display name. */
  outletName: z.string(),
  openedBy: ZAddressOut,
  grounds: z.string(),
  claim: z.string().nullable(),
  evidenceId: z.string().nullable(),
  requestedLabel: z.enum(["misleading", "fraudulent"]).nullable(),
  labelBefore: ZIntegrityLabel,
  status: z.enum(["open", "closed"]),
  verdict: z.enum(verdicts).nullable(),
  rationale: z.string().nullable(),
  finding: z.string().nullable(),
  decidedBy: ZAddressOut.nullable(),
  openedAt: ZUintString,
  closedAt: ZUintString.nullable(),
  penalty: ZPenalty.nullable(),
  /** The right of reply (null for cases opened before it existed). */
  reply: ZCourtReply.nullable(),
}).extend(ZJuryFields.shape);
export type TCourtCase = z.infer<typeof ZCourtCase>;

export const ZTimelineEntry = z.object({
  id: z.string(),
  kind: z.enum(["opened", "evidence_named", "label_changed", "verdict", "penalty", "reply", "retired", "no_finding"]),
  actor: ZAddressOut,
  details: z.record(z.string(), z.unknown()),
  txHash: z.string().nullable(),
  at: ZUintString,
});

export const ZCapsuleLabelState = z.object({
  capsuleId: z.string(),
  integrityLabel: ZIntegrityLabel,
  distributionActive: z.boolean(),
});

export const ZCaseResponse = z.object({ ok: z.literal(true), case: ZCourtCase, timeline: z.array(ZTimelineEntry), capsule: ZCapsuleLabelState });
export const ZDisputeResponse = ZCaseResponse;
export const ZJuryActionResponse = ZCaseResponse.extend({ operatorTx: ZOperatorTxRef.nullable() });

/**
 * A case in a list: the case without its evidence entries (`evidenceCount` says how many) and without their
 * EvidenceSubmitted entries in `juryTimeline`; the case itself (GET /api/court/case/:id) carries them.
 */
export const ZCourtCaseSummary = ZCourtCase.omit({ evidence: true });
export type TCourtCaseSummary = z.infer<typeof ZCourtCaseSummary>;

export const ZCaseListResponse = pagedResponse(ZCourtCaseSummary);
export const ZCapsuleCasesResponse = ZCaseListResponse.extend({ capsuleId: z.string() });

export const ZLabelHistoryEntry = z.object({
  id: z.string(),
  capsuleId: z.string(),
  rootCapsuleId: z.string(),
  label: ZIntegrityLabel,
  previousLabel: ZIntegrityLabel,
  appliedBy: ZAddressOut,
  reason: z.string(),
  caseId: z.string().nullable(),
  txHash: z.string().nullable(),
  at: ZUintString,
});
export type TLabelHistoryEntry = z.infer<typeof ZLabelHistoryEntry>;

export const ZLabelsResponse = z.object({
  ok: z.literal(true),
  capsuleId: z.string(),
  rootCapsuleId: z.string(),
  integrityLabel: ZIntegrityLabel,
  distributionActive: z.boolean(),
  items: z.array(ZLabelHistoryEntry),
});
