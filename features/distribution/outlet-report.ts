import "server-only";
import { z } from "zod";
import type { Db, DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { closedCasesOfOutlet, penaltiesInForce } from "@/features/court/court.repository";
import { bondActivityOf } from "@/features/wallet/activity.repository";
import { pageOfPublishingOutlets } from "@/features/outlets/outlets.repository";
import { roleGrantsAt } from "@/features/roles/roles.repository";
import { pageOf, pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import { bondRequired, ROLE } from "@/lib/roles/role-catalog";
import { monthsBetween } from "@/features/distribution/distribution-tier";
import { gatherDistributionInputs } from "@/features/distribution/distribution-inputs";
import { CLEAN_RECORD_LOOKBACK_SECONDS } from "./court-source";
import { distributionReport } from "./report";
import { outletChannels } from "./channels";
import { outletChannelCounts } from "@/features/reader/websub.repository";
import type { Standing } from "./feed-rank";
import type { FactorCounts } from "./integrity-factors";
import { summonsResponse } from "./summons-response";
import { editorBondOf, type BondEvent } from "./bond-stability";

const NINETY_DAYS = 90 * 86_400;
const wei = z.string().regex(/^[0-9]+$/).transform((v) => BigInt(v));
/** What the bond activity projector writes (features/roles/roles-activity.projector.ts). */
const ZBondDetails = z.object({ amount: wei, total: wei.optional() });

/** Each wallet's bond now and its peak over the last 90 days, from the projected RoleRegistry bond events. */
async function editorBonds(db: DbOrTrx, wallets: string[], now: number) {
  const events = new Map<string, BondEvent[]>(wallets.map((w) => [w, []]));
  for (const row of await bondActivityOf(db, wallets, now)) {
    const details = ZBondDetails.parse(JSON.parse(row.details_json));
    events.get(row.wallet)?.push({ kind: row.kind, amount: details.amount, total: details.total ?? null, at: row.created_at });
  }
  return wallets.map((w) => editorBondOf(events.get(w) ?? [], now - NINETY_DAYS, now));
}

/** The counts behind the five factors of one outlet (definitions in docs/DECISIONS.md). */
export async function gatherFactorCounts(db: DbOrTrx, outlet: OutletRow, now: number, decided: FactorCounts["decided"]): Promise<FactorCounts> {
  const closed = await closedCasesOfOutlet(db, outlet.id);
  const recent = closed.filter((c) => (c.closed_at ?? 0) >= now - CLEAN_RECORD_LOOKBACK_SECONDS);
  const editorRoles = await roleGrantsAt(db, outlet.id, ROLE.EDITOR);
  const editors = [...new Set(editorRoles.filter((r) => r.revoked_at === null).map((r) => r.wallet))];
  return {
    findings: {
      closed: recent.length,
      misleading: recent.filter((c) => c.verdict === "misleading").length,
      fraudulent: recent.filter((c) => c.verdict === "fraudulent").length,
    },
    decided,
    editorBonds: { required: bondRequired(ROLE.EDITOR), editors: await editorBonds(db, editors, now) },
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
