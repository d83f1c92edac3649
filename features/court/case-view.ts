import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { CourtCaseEventRow, CourtCaseRow, CourtPenaltyRow } from "@/lib/db/tables/court.table";
import type { CourtReplyRow } from "@/lib/db/tables/newsroom.table";
import { repliesOfCases } from "@/features/court/court-replies.repository";
import { replyObject } from "./reply-view";
import { listCaseEvents, penaltiesOfCases } from "@/features/court/court.repository";
import { getCapsuleOrThrow, titlesOf } from "@/features/capsules/capsules.repository";
import { outletNamesOf } from "@/features/outlets/outlets.repository";
import { distributionActive } from "@/features/distribution/distribution-active";
import { isReadersVersion } from "@/features/capsules/readers-version";
import type { TCourtCase, TCourtCaseSummary, TPenalty } from "@/features/court/court.schema";
import type { TJuryFields } from "@/features/court/jury.schema";
import { clerkFields, juryFieldsOf } from "./jury-view";

const str = (value: number | null) => (value === null ? null : String(value));

export function penaltyObject(row: CourtPenaltyRow): TPenalty {
  return {
    caseId: String(row.case_id),
    outletSlug: row.outlet_slug,
    outletWallet: row.outlet_wallet,
    verdict: row.verdict,
    amountRequested: row.amount_requested,
    amountSlashed: row.amount_slashed,
    bondBefore: row.bond_before,
    txHash: row.tx_hash,
    event: { name: "PenaltyApplied", blockNumber: String(row.block_number), logIndex: row.log_index },
    penaltyUntil: String(row.penalty_until),
    createdAt: String(row.created_at),
  };
}

/** `names`: the capsule's title and the outlet's name, so pages need not show ids and slugs alone. */
export function caseObject(row: CourtCaseRow, penalty: CourtPenaltyRow | undefined, names: { capsuleTitle: string; outletName: string }, reply?: CourtReplyRow, jury: TJuryFields = clerkFields(row)): TCourtCase {
  return {
    ...jury,
    caseId: String(row.id),
    capsuleId: String(row.capsule_id),
    capsuleTitle: names.capsuleTitle,
    rootCapsuleId: String(row.root_capsule_id),
    outletSlug: row.outlet_slug,
    outletName: names.outletName,
    openedBy: row.opened_by,
    grounds: row.grounds,
    claim: row.claim,
    evidenceId: str(row.evidence_id),
    requestedLabel: row.requested_label,
    labelBefore: row.label_before,
    status: row.status,
    verdict: row.verdict,
    rationale: row.rationale,
    finding: row.finding ?? null,
    decidedBy: row.decided_by,
    openedAt: String(row.opened_at),
    closedAt: str(row.closed_at),
    penalty: penalty ? penaltyObject(penalty) : null,
    reply: reply ? replyObject(reply) : null,
  };
}

/** Case objects for a page of rows, each with its penalty (one query). */
export async function caseObjects(db: DbOrTrx, rows: CourtCaseRow[]): Promise<TCourtCase[]> {
  const penalties = new Map((await penaltiesOfCases(db, rows.map((r) => r.id))).map((p) => [p.case_id, p]));
  const replies = new Map((await repliesOfCases(db, rows.map((r) => r.id))).map((r) => [r.case_id, r]));
  const jury = await juryFieldsOf(db, rows);
  const titles = await titlesOf(db, [...new Set(rows.map((r) => r.capsule_id))]);
  const outletNames = await outletNamesOf(db, rows.map((r) => r.outlet_slug));
  const namesOf = (row: CourtCaseRow) => ({ capsuleTitle: titles.get(String(row.capsule_id)) ?? "", outletName: outletNames.get(row.outlet_slug) ?? row.outlet_slug });
  return rows.map((row) => caseObject(row, penalties.get(row.id), namesOf(row), replies.get(row.id), jury.get(row.id)));
}

/** A case as lists carry it: its evidence counted, not embedded (a party may add up to MAX_EVIDENCE_PER_SIDE per side). */
export function caseSummary(item: TCourtCase): TCourtCaseSummary {
  const { evidence: _evidence, ...rest } = item;
  return { ...rest, juryTimeline: rest.juryTimeline.filter((e) => e.kind !== "EvidenceSubmitted") };
}

/** Case summaries for a page of rows. */
export const caseSummaries = async (db: DbOrTrx, rows: CourtCaseRow[]) => (await caseObjects(db, rows)).map(caseSummary);

const timelineEntry = (row: CourtCaseEventRow) => ({
  id: String(row.id),
  kind: row.kind,
  actor: row.actor,
  details: JSON.parse(row.details_json) as Record<string, unknown>,
  txHash: row.tx_hash,
  at: String(row.created_at),
});

export const capsuleLabelState = async (db: DbOrTrx, capsule: CapsuleRow) => ({
  capsuleId: String(capsule.id),
  integrityLabel: capsule.integrity_label,
  distributionActive: distributionActive(capsule, await isReadersVersion(db, capsule)),
});

/** The full case answer: the case, its timeline (oldest first) and the capsule's label now. */
export async function caseDetail(db: DbOrTrx, row: CourtCaseRow) {
  const [[item], events, capsule] = await Promise.all([caseObjects(db, [row]), listCaseEvents(db, row.id), getCapsuleOrThrow(db, row.capsule_id)]);
  return { ok: true as const, case: item!, timeline: events.map(timelineEntry), capsule: await capsuleLabelState(db, capsule) };
}
