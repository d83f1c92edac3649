import "server-only";
import { getAddress } from "viem";
import type { Db } from "@/lib/db/database";
import { getCaseOrThrow } from "@/features/court/court.repository";
import { caseLog, findJuryCase } from "@/features/court/jury.repository";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { AppError } from "@/lib/errors/app-error";
import { appealQuoteOf, type AppealQuote } from "./appeal-quote";
import { juryFields } from "./jury-view";

/** GET /api/court/case/:id/appeal — each side's cost, what it raised and still needs (wei), before anyone funds. */
export async function appealQuote(db: Db, courtCaseId: number): Promise<AppealQuote> {
  const row = await getCaseOrThrow(db, courtCaseId);
  const jury = row.jury_case_id === null ? undefined : await findJuryCase(db, row.jury_case_id);
  if (!jury) throw new AppError("INVALID_STATE", `Court case ${courtCaseId} has no jury case; only a jury case can be appealed`);
  const fields = juryFields(jury, [], await caseLog(db, jury.case_id, ["AppealFunded"]));
  const quote = appealQuoteOf({ caseId: String(courtCaseId), ...fields }, getAddress(requireDeployment().contracts.juryCourt.address));
  if (!quote) {
    throw new AppError("INVALID_STATE", `Jury case ${jury.case_id} is in its ${jury.period} period; appeals are funded in the appeal period`, { details: { period: jury.period } });
  }
  return quote;
}
