import "server-only";
import type { Db } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { closedCasesOfOutlet, penaltiesInForce, penaltiesSince } from "@/lib/db/repositories/court.repository";
import { outletLabelChangesSince } from "@/lib/db/repositories/court-labels.repository";
import { pageOf, pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import { COURT_OUTLET_SLUG, ROLE } from "@/lib/roles/role-catalog";
import { monthsBetween } from "@/lib/distribution/distribution-tier";
import { gatherDistributionInputs } from "@/lib/distribution/distribution-inputs";
import { CLEAN_RECORD_LOOKBACK_SECONDS } from "./court-source";
import { distributionReport, type FactorInputs } from "./report";

const NINETY_DAYS = 90 * 86_400;

/** The factor inputs of one outlet (definitions in docs/DECISIONS.md). */
async function gatherFactors(db: Db, outlet: OutletRow, now: number): Promise<FactorInputs> {
  const closed = await closedCasesOfOutlet(db, outlet.id);
  const since = now - CLEAN_RECORD_LOOKBACK_SECONDS;
  const recent = closed.filter((c) => (c.closed_at ?? 0) >= since);
  const corrections = await outletLabelChangesSince(db, outlet.id, ["corrected"], 0);
  const answered = closed.filter(
    (c) => c.verdict === "verified" || corrections.some((l) => l.root_capsule_id === c.root_capsule_id && l.created_at >= c.opened_at),
  ).length;
  const bondActivity = await db
    .selectFrom("activity")
    .select("tx_hash")
    .where("wallet", "=", outlet.owner_wallet)
    .where("kind", "in", ["bond.slashed", "bond.withdrawn"])
    .where("created_at", ">=", now - NINETY_DAYS)
    .execute();
  // Slashes the indexer may not have projected yet still count (deduplicated by transaction).
  const slashTxs = (await penaltiesSince(db, outlet.id, now - NINETY_DAYS)).filter((p) => p.amount_slashed !== "0").map((p) => p.tx_hash);
  const bondEvents = new Set([...bondActivity.flatMap((a) => (a.tx_hash ? [a.tx_hash] : [])), ...slashTxs]);
  const editors = await db.selectFrom("outlet_roles").select(["granted_at", "revoked_at"]).where("outlet_id", "=", outlet.id).where("role_id", "=", ROLE.EDITOR).execute();
  return {
    misleadingVerdicts: recent.filter((c) => c.verdict === "misleading").length,
    fraudulentVerdicts: recent.filter((c) => c.verdict === "fraudulent").length,
    bondEvents90d: bondEvents.size,
    closedCases: closed.length,
    answeredCases: answered,
    editorTenureMonths: editors.map((e) => monthsBetween(e.granted_at, e.revoked_at ?? now)),
  };
}

export async function outletDistributionReport(db: Db, outlet: OutletRow, now: number) {
  const [inputs, penalties, factors] = await Promise.all([
    gatherDistributionInputs(db, outlet, now),
    penaltiesInForce(db, outlet.id, now),
    gatherFactors(db, outlet, now),
  ]);
  const inForce = [...penalties].sort((a, b) => (a.verdict === b.verdict ? b.id - a.id : a.verdict === "fraudulent" ? -1 : 1));
  return {
    outletId: String(outlet.id),
    outletSlug: outlet.slug,
    name: outlet.name,
    status: outlet.status,
    ...distributionReport(inputs, inForce.map((p) => ({ caseId: String(p.case_id), verdict: p.verdict, until: p.penalty_until })), factors),
  };
}

/** GET /api/distribution — every active publishing outlet (not the reserved court outlet), oldest first. */
export async function distributionPage(db: Db, query: PageQuery, now: number) {
  const base = db.selectFrom("outlets").where("status", "=", "active").where("slug", "!=", COURT_OUTLET_SLUG);
  const rows = await base.selectAll().orderBy("id", "asc").offset(pageOffset(query)).limit(query.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  const items = [];
  for (const row of rows) items.push(await outletDistributionReport(db, row, now));
  return pageOf(items, query, Number(count.n));
}
