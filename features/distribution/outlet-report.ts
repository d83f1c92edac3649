import "server-only";
import type { Db, DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { closedCasesOfOutlet, penaltiesInForce } from "@/features/court/court.repository";
import { walletsWithActivity } from "@/features/wallet/activity.repository";
import { pageOfPublishingOutlets } from "@/features/outlets/outlets.repository";
import { roleGrantsAt } from "@/features/roles/roles.repository";
import { pageOf, pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import { ROLE } from "@/lib/roles/role-catalog";
import { monthsBetween } from "@/features/distribution/distribution-tier";
import { gatherDistributionInputs } from "@/features/distribution/distribution-inputs";
import { CLEAN_RECORD_LOOKBACK_SECONDS } from "./court-source";
import { distributionReport } from "./report";
import { outletChannels } from "./channels";
import { outletChannelCounts } from "@/features/reader/websub.repository";
import type { Standing } from "./feed-rank";
import type { FactorCounts } from "./integrity-factors";
import { summonsResponse } from "./summons-response";

const NINETY_DAYS = 90 * 86_400;

/** The counts behind the five factors of one outlet (definitions in docs/DECISIONS.md). */
export async function gatherFactorCounts(db: DbOrTrx, outlet: OutletRow, now: number, decided: FactorCounts["decided"]): Promise<FactorCounts> {
  const closed = await closedCasesOfOutlet(db, outlet.id);
  const recent = closed.filter((c) => (c.closed_at ?? 0) >= now - CLEAN_RECORD_LOOKBACK_SECONDS);
  const editorRoles = await roleGrantsAt(db, outlet.id, ROLE.EDITOR);
  const editors = [...new Set(editorRoles.filter((r) => r.revoked_at === null).map((r) => r.wallet))];
  const unsettled = await walletsWithActivity(db, editors, ["bond.slashed", "bond.withdrawn"], now - NINETY_DAYS);
  return {
    findings: {
      closed: recent.length,
      misleading: recent.filter((c) => c.verdict === "misleading").length,
      fraudulent: recent.filter((c) => c.verdict === "fraudulent").length,
    },
    decided,
    editorBonds: { editors: editors.length, unsettled: unsettled.length },
    summons: await summonsResponse(db, outlet.id),
    editorTenureMonths: editorRoles.map((e) => monthsBetween(e.granted_at, e.revoked_at ?? now)),
  };
}

/** The pure report of an outlet's record now (tier, checks, factors, integrity score, penalty). */
async function recordReport(db: DbOrTrx, outlet: OutletRow, now: number) {
  const [inputs, penalties] = await Promise.all([gatherDistributionInputs(db, outlet, now), penaltiesInForce(db, outlet.id, now)]);
  const factors = await gatherFactorCounts(db, outlet, now, { accepted: inputs.accepted, rejected: inputs.rejected, selfAccepted: inputs.selfAccepted ?? 0 });
  const inForce = [...penalties].sort((a, b) => (a.verdict === b.verdict ? b.id - a.id : a.verdict === "fraudulent" ? -1 : 1));
  return distributionReport(inputs, inForce.map((p) => ({ caseId: String(p.case_id), verdict: p.verdict, until: p.penalty_until })), factors);
}

export async function outletDistributionReport(db: Db, outlet: OutletRow, now: number) {
  const report = await recordReport(db, outlet, now);
  return {
    outletId: String(outlet.id),
    outletSlug: outlet.slug,
    name: outlet.name,
    status: outlet.status,
    ...report,
    channels: outletChannels(outlet.slug, report.tier, await outletChannelCounts(db, outlet.id)),
  };
}

/** GET /api/distribution — every active publishing outlet (not the reserved court outlet), oldest first. */
export async function distributionPage(db: Db, query: PageQuery & { outlet?: string }, now: number) {
  const { rows, total } = await pageOfPublishingOutlets(db, { outlet: query.outlet, offset: pageOffset(query), limit: query.limit });
  const items = [];
  for (const row of rows) items.push(await outletDistributionReport(db, row, now));
  return pageOf(items, query, total);
}

/** What feed position needs of an outlet (features/distribution/feed-rank.ts): its tier now, integrity score, and whether a penalty holds it down. */
export async function outletStanding(db: DbOrTrx, outlet: OutletRow, now: number): Promise<Standing> {
  const report = await recordReport(db, outlet, now);
  return { tier: report.tier, integrityScore: report.integrityScore, penalised: report.penalty !== null };
}
