import "server-only";
import { getAddress } from "viem";
import type { Db } from "@/lib/db/database";
import { getCaseOrThrow } from "@/features/court/court.repository";
import { caseLog, findJuryCase } from "@/features/court/jury.repository";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { AppError } from "@/lib/errors/app-error";
import { FIRST_ROUND_JURORS, appealCosts, jurorsInRound } from "./jury-view";

/** GET /api/court/case/:id/appeal — each side's cost, what it raised and still needs (wei), before anyone funds. */
export async function appealQuote(db: Db, courtCaseId: number) {
  const row = await getCaseOrThrow(db, courtCaseId);
  const jury = row.jury_case_id === null ? undefined : await findJuryCase(db, row.jury_case_id);
  if (!jury) throw new AppError("INVALID_STATE", `Court case ${courtCaseId} has no jury case; only a jury case can be appealed`);
  const costs = appealCosts(jury);
  if (!costs || jury.period_ends_at === null) {
    throw new AppError("INVALID_STATE", `Jury case ${jury.case_id} is in its ${jury.period} period; appeals are funded in the appeal period`, { details: { period: jury.period } });
  }
  const paid = { challenger: 0n, outlet: 0n };
  for (const entry of await caseLog(db, jury.case_id, ["AppealFunded"])) {
    const d = JSON.parse(entry.details_json) as { side: number; paid: string };
    if (entry.round === jury.round) paid[d.side === 1 ? "challenger" : "outlet"] = BigInt(d.paid);
  }
  const sides = (["challenger", "outlet"] as const).map((side, i) => {
    const required = costs[side];
    return {
      side,
      sideNumber: i + 1,
      winning: jury.winner === i + 1,
      required: required.toString(),
      paid: paid[side].toString(),
      remaining: (required > paid[side] ? required - paid[side] : 0n).toString(),
    };
  });
  const nextRoundJurors = jurorsInRound(jury.round + 1);
  return {
    ok: true as const,
    caseId: String(courtCaseId),
    juryCaseId: String(jury.case_id),
    round: jury.round,
    periodEndsAt: String(jury.period_ends_at),
    nextRoundJurors,
    nextRoundCost: costs.challenger === 0n ? "0" : (BigInt(nextRoundJurors) * (BigInt(jury.fee) / BigInt(FIRST_ROUND_JURORS))).toString(),
    sides,
    transaction: { to: getAddress(requireDeployment().contracts.juryCourt.address), functionName: "fundAppeal" as const, caseId: String(jury.case_id) },
  };
}
