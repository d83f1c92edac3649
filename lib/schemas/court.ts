import { z } from "zod";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse, ZAddressOut, ZUintString } from "./primitives";
import { ZSlug } from "./outlets";
import { ZCourtReply } from "./court-reply";
import { getAddress } from "viem";
import { juryPeriods, ZJuryFields, ZOperatorTxRef } from "./jury";

// Court cases, verdicts and integrity labels (seed: Integrity labels, States and transitions;
// docs/ARCHITECTURE.md, "States"). Ids are decimal strings, times Unix seconds as strings, amounts wei strings.

const ZIdString = z.string().regex(/^[1-9][0-9]{0,15}$/, "a positive decimal id");

export const integrityLabels = ["clean", "verified", "contested", "unresolved", "misleading", "fraudulent", "corrected", "retracted_by_author"] as const;
export const verdicts = ["verified", "misleading", "fraudulent", "unresolved"] as const;
export const ZIntegrityLabel = z.enum(integrityLabels);

export const ZDisputeBody = z
  .object({
    grounds: z.string().trim().min(20).max(5000),
    claim: z.string().trim().min(1).max(2000).optional(),
    evidenceId: ZIdString.transform(Number).optional(),
    requestedLabel: z.enum(["misleading", "fraudulent"]).optional(),
    claimIds: z
      .array(ZIdString.transform(Number))
      .max(32)
      .refine((ids) => new Set(ids).size === ids.length, "each claim once")
      .optional()
      .meta({ description: "The disputed claims of the capsule (none: the article as a whole); they must be the claims of the JuryCourt case" }),
    openTxHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "a transaction hash")
      .optional()
      .meta({ description: "The challenger's JuryCourt.openCase transaction: the case is then decided by a jury" }),
  })
  .strict();
export type TDisputeBody = z.infer<typeof ZDisputeBody>;

export const ZVerdictBody = z
  .object({
    verdict: z.enum(verdicts),
    rationale: z.string().trim().min(20).max(5000),
    // Optional for now so existing clients keep working; the dashboard always sends it (issue 12).
    finding: z.string().trim().min(10).max(200).regex(/^[^\r\n]*$/, "One line, no line breaks").optional().meta({ description: "The court's one-line finding shown under the label (10–200 characters)" }),
  })
  .strict();
export type TVerdictBody = z.infer<typeof ZVerdictBody>;

export const ZCaseIdParams = z.object({ id: ZIdString.transform(Number) });

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
  rootCapsuleId: z.string(),
  outletSlug: z.string(),
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
  kind: z.enum(["opened", "evidence_named", "label_changed", "verdict", "penalty", "reply"]),
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
export const ZVerdictResponse = ZCaseResponse;
export const ZJuryActionResponse = ZCaseResponse.extend({ operatorTx: ZOperatorTxRef.nullable() });

export const ZCaseListResponse = pagedResponse(ZCourtCase);
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
