import "server-only";
import { getAddress, type Address } from "viem";
import type { Db } from "@/lib/db/database";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import { operatorCalls } from "@/lib/chain/operator/operator-calls";
import { prepareOperatorTx } from "@/lib/chain/operator/queue-operator-tx";
import { getOutletBySlugOrThrow } from "@/features/outlets/outlets.repository";
import { AppError } from "@/lib/errors/app-error";
import { appliedPenaltyOf, bondOf } from "./court-chain";
import { ZPenaltyIntent, type AppliedPenalty, type TPenaltyIntent } from "./penalty-settlement";
import { isPenalised, penaltyAmount, penaltyUntil } from "./penalty-policy";

// A misleading or fraudulent final finding slashes the outlet wallet's bond through
// IntegrityCourt.applyPenalty (jury-settle.ts): the transaction is prepared and checked here, before
// the SQL transaction that closes the case stages it in the operator outbox.

/** The chain refused a penalty because it holds one for the case already. */
class PenaltyAlreadyApplied extends AppError {
  constructor(caseId: number) {
    super("CONFLICT", `A penalty was already applied on chain for case ${caseId}`);
  }
}

export const penaltyReverts = (caseId: number) => ({ PenaltyAlreadyApplied: () => new PenaltyAlreadyApplied(caseId) });

export type PreparedPenalty =
  | { kind: "send"; prepared: Awaited<ReturnType<typeof prepareOperatorTx>>; intent: TPenaltyIntent }
  | { kind: "applied"; applied: AppliedPenalty; intent: TPenaltyIntent };

/**
 * Outside any SQL transaction: the bond read, the amount, and the pre-flight (a revert changes nothing).
 * IntegrityCourt takes one penalty per case: when the chain already holds this case's PenaltyApplied (a penalty
 * transaction a reorg put back in the mempool and a later block took in, after the settlement it belonged to was
 * taken back), nothing is sent and the settlement records that log instead, so the case can close.
 */
export async function preparePenalty(db: Db, courtCase: CourtCaseRow, verdict: "misleading" | "fraudulent", actor: Address, at: number): Promise<PreparedPenalty> {
  const outlet = await getOutletBySlugOrThrow(db, courtCase.outlet_slug);
  const outletWallet = getAddress(outlet.owner_wallet);
  const bond = await bondOf(outletWallet);
  const intentOf = (values: { verdict: "misleading" | "fraudulent"; amount: bigint; bondBefore: bigint; wallet: Address }) =>
    ZPenaltyIntent.parse({
      caseId: courtCase.id,
      capsuleId: courtCase.capsule_id,
      outletId: outlet.id,
      outletSlug: outlet.slug,
      outletWallet: values.wallet,
      verdict: values.verdict,
      amountRequested: values.amount.toString(),
      bondBefore: values.bondBefore.toString(),
      penaltyUntil: penaltyUntil(values.verdict, at),
      actor,
      at,
    });
  const applied = async (): Promise<PreparedPenalty | undefined> => {
    const onChain = await appliedPenaltyOf(BigInt(courtCase.id));
    if (!onChain) return undefined;
    // the slash happened with what the log says; the bond before it is what is left plus what was taken (read after
    // the log: the bond read above may be from before a slash mined since, which would count it twice)
    const chainVerdict = isPenalised(onChain.verdict) ? onChain.verdict : verdict;
    const bondBefore = (await bondOf(onChain.wallet)) + onChain.applied.slashed;
    return { kind: "applied", applied: onChain.applied, intent: intentOf({ verdict: chainVerdict, amount: penaltyAmount(chainVerdict, bondBefore), bondBefore, wallet: onChain.wallet }) };
  };
  const already = await applied();
  if (already) return already;
  const amount = penaltyAmount(verdict, bond);
  const call = operatorCalls.applyPenalty(outlet.slug, outletWallet, BigInt(courtCase.id), verdict, amount);
  try {
    const prepared = await prepareOperatorTx("apply the penalty", call, penaltyReverts(courtCase.id));
    return { kind: "send", prepared, intent: intentOf({ verdict, amount, bondBefore: bond, wallet: outletWallet }) };
  } catch (error) {
    // another settler of the same case (the leader's pass beside a party's advance) had its penalty mined between the
    // log read above and this pre-flight: settle with what the chain holds, as after a reorg, instead of a 409 for a
    // case that is being decided just as asked
    if (!(error instanceof PenaltyAlreadyApplied)) throw error;
    const since = await applied();
    if (!since) throw error;
    return since;
  }
}
