import "server-only";
import { getAddress, type Address } from "viem";
import type { Db } from "@/lib/db/database";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import { operatorCalls } from "@/lib/chain/operator/operator-calls";
import { prepareOperatorTx } from "@/lib/chain/operator/queue-operator-tx";
import { getOutletBySlugOrThrow } from "@/features/outlets/outlets.repository";
import { AppError } from "@/lib/errors/app-error";
import { bondOf } from "./court-chain";
import { ZPenaltyIntent } from "./penalty-settlement";
import { penaltyAmount, penaltyUntil } from "./penalty-policy";

// A misleading or fraudulent final finding slashes the outlet wallet's bond through
// IntegrityCourt.applyPenalty (jury-settle.ts): the transaction is prepared and checked here, before
// the SQL transaction that closes the case stages it in the operator outbox.

export const penaltyReverts = (caseId: number) => ({ PenaltyAlreadyApplied: () => new AppError("CONFLICT", `A penalty was already applied on chain for case ${caseId}`) });

/** Outside any SQL transaction: the bond read, the amount, and the pre-flight (a revert changes nothing). */
export async function preparePenalty(db: Db, courtCase: CourtCaseRow, verdict: "misleading" | "fraudulent", actor: Address, at: number) {
  const outlet = await getOutletBySlugOrThrow(db, courtCase.outlet_slug);
  const outletWallet = getAddress(outlet.owner_wallet);
  const bond = await bondOf(outletWallet);
  const amount = penaltyAmount(verdict, bond);
  const call = operatorCalls.applyPenalty(outlet.slug, outletWallet, BigInt(courtCase.id), verdict, amount);
  const prepared = await prepareOperatorTx("apply the penalty", call, penaltyReverts(courtCase.id));
  const intent = ZPenaltyIntent.parse({
    caseId: courtCase.id,
    capsuleId: courtCase.capsule_id,
    outletId: outlet.id,
    outletSlug: outlet.slug,
    outletWallet,
    verdict,
    amountRequested: amount.toString(),
    bondBefore: bond.toString(),
    penaltyUntil: penaltyUntil(verdict, at),
    actor,
    at,
  });
  return { prepared, intent };
}
