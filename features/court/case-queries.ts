import "server-only";
import type { Db } from "@/lib/db/database";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { getCaseOrThrow, listCases } from "@/features/court/court.repository";
import { listLabelHistory } from "@/features/court/court-labels.repository";
import { distributionActive } from "@/features/distribution/distribution-active";
import { isReadersVersion } from "@/features/capsules/readers-version";
import { pageOf, pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import type { TListCasesQuery } from "@/features/court/court.schema";
import { caseDetail, caseSummaries } from "./case-view";

/** GET /api/court/cases — newest first, filtered by status and outlet. */
export async function casePage(db: Db, query: TListCasesQuery) {
  const { rows, total } = await listCases(db, {
    status: query.status,
    outletSlug: query.outlet,
    period: query.period,
    verdict: query.outcome,
    juror: query.juror,
    offset: pageOffset(query),
    limit: query.limit,
  });
  return pageOf(await caseSummaries(db, rows), query, total);
}

/** GET /api/court/case/:id — the case with its whole timeline. */
export async function caseById(db: Db, id: number) {
  return caseDetail(db, await getCaseOrThrow(db, id));
}

/**
 * GET /api/capsules/:id/disputes — the cases of the capsule's whole revision chain, newest first: a
 * finding is about the article, so a correction still shows the case its earlier version lost.
 */
export async function capsuleCasePage(db: Db, capsuleId: number, query: PageQuery) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  const { rows, total } = await listCases(db, { rootCapsuleId: capsule.root_capsule_id ?? capsule.id, offset: pageOffset(query), limit: query.limit });
  return { ...pageOf(await caseSummaries(db, rows), query, total), capsuleId: String(capsule.id) };
}

/** GET /api/capsules/:id/labels — every label change of the capsule's revision chain, oldest first. */
export async function capsuleLabels(db: Db, capsuleId: number) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  const rootCapsuleId = capsule.root_capsule_id ?? capsule.id;
  const history = await listLabelHistory(db, rootCapsuleId);
  return {
    ok: true as const,
    capsuleId: String(capsule.id),
    rootCapsuleId: String(rootCapsuleId),
    integrityLabel: capsule.integrity_label,
    distributionActive: distributionActive(capsule, await isReadersVersion(db, capsule)),
    items: history.map((row) => ({
      id: String(row.id),
      capsuleId: String(row.capsule_id),
      rootCapsuleId: String(row.root_capsule_id),
      label: row.label,
      previousLabel: row.previous_label,
      appliedBy: row.applied_by,
      reason: row.reason,
      caseId: row.case_id === null ? null : String(row.case_id),
      txHash: row.tx_hash,
      at: String(row.created_at),
    })),
  };
}
