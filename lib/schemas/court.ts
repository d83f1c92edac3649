import { z } from "zod";
import { pageQuery } from "@/lib/http/pagination";
import { ZSlug } from "./outlets";

// Court cases, verdicts and integrity labels (seed: Integrity labels, States and transitions;
// DESIGN §6). Ids are decimal strings, times Unix seconds as strings, amounts wei strings.

export const ZAddressOut = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
export const ZUintString = z.string().regex(/^[0-9]+$/);
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
  })
  .strict();
export type TDisputeBody = z.infer<typeof ZDisputeBody>;

export const ZVerdictBody = z.object({ verdict: z.enum(verdicts), rationale: z.string().trim().min(20).max(5000) }).strict();
export type TVerdictBody = z.infer<typeof ZVerdictBody>;

export const ZCaseIdParams = z.object({ id: ZIdString.transform(Number) });

export const ZListCasesQuery = pageQuery.extend({ status: z.enum(["open", "closed"]).optional(), outlet: ZSlug.optional() });
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
  decidedBy: ZAddressOut.nullable(),
  openedAt: ZUintString,
  closedAt: ZUintString.nullable(),
  penalty: ZPenalty.nullable(),
});
export type TCourtCase = z.infer<typeof ZCourtCase>;

export const ZTimelineEntry = z.object({
  id: z.string(),
  kind: z.enum(["opened", "evidence_named", "label_changed", "verdict", "penalty"]),
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

export const ZCaseListResponse = z.object({
  ok: z.literal(true),
  items: z.array(ZCourtCase),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});
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
