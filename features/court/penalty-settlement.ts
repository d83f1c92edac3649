import "server-only";
import { parseEventLogs } from "viem";
import { z } from "zod";
import type { Trx } from "@/lib/db/database";
import { integrityCourtAbi } from "@/lib/chain/abi";
import { registerSettleHook, type SettleHook } from "@/lib/chain/operator/settle-hooks";
import { insertActivity } from "@/features/wallet/activity.repository";
import { insertCaseEvent, insertPenaltyOnce } from "@/features/court/court.repository";
import { logWarn } from "@/lib/log";

/** What a verdict's penalty transaction completes, stored on its outbox row (intent_json). */
export const ZPenaltyIntent = z.object({
  caseId: z.number().int(),
  capsuleId: z.number().int(),
  outletId: z.number().int(),
  outletSlug: z.string(),
  outletWallet: z.string(),
  verdict: z.enum(["misleading", "fraudulent"]),
  amountRequested: z.string(),
  bondBefore: z.string(),
  penaltyUntil: z.number().int(),
  actor: z.string(),
  at: z.number().int(),
});
export type TPenaltyIntent = z.infer<typeof ZPenaltyIntent>;

/**
 * The penalty's SQL side moves when the chain says so: on a successful receipt the penalty row,
 * the case's "penalty" timeline entry and the outlet wallet's activity are written from the
 * PenaltyApplied log (what was slashed); once per case. A reverted penalty leaves the case closed
 * without a penalty; the failure stays on the outbox row (case_id) and is logged.
 */
const settlePenalty: SettleHook = async (trx, row, receipt) => {
  const intent = ZPenaltyIntent.parse(JSON.parse(row.intent_json ?? "null"));
  if (receipt.status !== "success") {
    logWarn("court", "the penalty transaction of a verdict reverted; the case stays closed without a penalty", { caseId: intent.caseId, txHash: row.tx_hash });
    return;
  }
  const [log] = parseEventLogs({ abi: integrityCourtAbi, eventName: "PenaltyApplied", logs: [...receipt.logs] });
  if (!log) throw new Error(`transaction ${row.tx_hash} has no PenaltyApplied log`);
  await recordPenalty(trx, intent, { txHash: row.tx_hash, blockNumber: Number(receipt.blockNumber), logIndex: log.logIndex, slashed: log.args.amount });
};

/** Where a PenaltyApplied log is on chain and what it took. */
export type AppliedPenalty = { txHash: string; blockNumber: number; logIndex: number; slashed: bigint };

/**
 * The penalty row, the case's "penalty" timeline entry and the outlet wallet's activity, from the chain's
 * PenaltyApplied log; once per case (the first insert wins). Answers whether it wrote them.
 */
export async function recordPenalty(trx: Trx, intent: TPenaltyIntent, applied: AppliedPenalty): Promise<boolean> {
  const slashed = applied.slashed.toString();
  const inserted = await insertPenaltyOnce(trx, {
    case_id: intent.caseId,
    outlet_id: intent.outletId,
    outlet_slug: intent.outletSlug,
    outlet_wallet: intent.outletWallet,
    verdict: intent.verdict,
    amount_requested: intent.amountRequested,
    amount_slashed: slashed,
    bond_before: intent.bondBefore,
    tx_hash: applied.txHash,
    block_number: applied.blockNumber,
    log_index: applied.logIndex,
    penalty_until: intent.penaltyUntil,
    created_at: intent.at,
  });
  if (!inserted) return false;
  await insertCaseEvent(trx, {
    caseId: intent.caseId,
    kind: "penalty",
    actor: intent.actor,
    details: { outletSlug: intent.outletSlug, outletWallet: intent.outletWallet, verdict: intent.verdict, amountRequested: intent.amountRequested, amountSlashed: slashed, penaltyUntil: String(intent.penaltyUntil) },
    txHash: applied.txHash,
    at: intent.at,
  });
  await insertActivity(trx, [
    {
      wallet: intent.outletWallet,
      kind: "court.penalty",
      outletSlug: intent.outletSlug,
      subjectId: String(intent.caseId),
      details: { verdict: intent.verdict, amountSlashed: slashed, penaltyUntil: String(intent.penaltyUntil), capsuleId: String(intent.capsuleId) },
      txHash: applied.txHash,
      createdAt: intent.at,
    },
  ]);
  return true;
}

registerSettleHook("court.penalty", settlePenalty);
