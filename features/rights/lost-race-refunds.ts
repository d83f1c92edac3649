import "server-only";
import { getAddress } from "viem";
import type { Db } from "@/lib/db/database";
import { broadcastStaged } from "@/lib/chain/operator/queue-operator-tx";
import { logError, logInfo } from "@/lib/log";
import { processHolder } from "@/lib/process-registry";
import { LOST_RACE_REFUNDS_PER_PASS, lostRaceDeposits } from "@/features/rights/licence-escrow.repository";
import { stageRefund } from "./escrow-settlement";
import { StuckDeposits } from "./lost-race-backoff";

// A leader duty (scripts/start.ts): the deposits that lost the race for a sold exclusive listing go back to their
// buyers, refunded `lost_race` by the operator. Not in the winning buyer's request, which answered once its own
// release was done: a pass here refunds what `lostRaceDeposits` finds (only once the sale's release is projected
// `released`, so a sale that turns void refunds nobody; deposits indexed after the sale are found by a later pass),
// one payment at a time: the estimate outside any SQL transaction, then one transaction that re-checks the payment
// is undecided, stages the refund and writes the decision, then the broadcast. Receipts are the outbox worker's.
// A crash after a staging transaction leaves a decided, staged refund the outbox worker sends; before it, an
// undecided payment the next pass takes. Only the leader runs it, so passes never overlap across servers.

export type LostRaceRefundPass = { refunded: number[]; skipped: number[] };

type LostRaceRuntime = { requestPass: () => void };
const holder = processHolder<{ runtime: LostRaceRuntime }>("lostRaceRefunds");

/** Asks the leader's duty for a pass at once (a grant in the leading server's process); nothing elsewhere. */
export const requestLostRaceRefunds = (): void => holder.runtime?.requestPass();

/**
 * One pass: refunds up to 50 deposits that lost the race, oldest first, leaving out those whose refund failed lately
 * (`stuck`: tried again later and later, logged once; ./lost-race-backoff.ts); a payment that cannot be refunded now is skipped.
 */
export async function refundLostRacesOnce(db: Db, now: number, log?: (message: string) => void, stuck = new StuckDeposits()): Promise<LostRaceRefundPass> {
  const pass: LostRaceRefundPass = { refunded: [], skipped: [] };
  const candidates = await lostRaceDeposits(db, LOST_RACE_REFUNDS_PER_PASS, stuck.waiting(now));
  if (candidates.length < LOST_RACE_REFUNDS_PER_PASS) stuck.forgetGone(candidates.map((c) => c.payment_id), now);
  for (const deposit of candidates) {
    const paymentId = deposit.payment_id;
    let staged: Awaited<ReturnType<typeof stageRefund>>;
    try {
      staged = await stageRefund(db, { paymentId: BigInt(paymentId), listingId: deposit.listing_id, buyer: getAddress(deposit.buyer) }, "lost_race", now);
    } catch (error) {
      // its buyer reclaimed it meanwhile (the estimate reverts NotHeld; its Refunded is projected anyway), or the node
      // is down: a later pass looks again
      pass.skipped.push(paymentId);
      const reason = error instanceof Error ? error.message.split("\n")[0]! : String(error);
      const failed = stuck.failed(paymentId, reason, now);
      if (failed.log) logInfo("lost-race-refunds", "a lost-race deposit could not be refunded now", { paymentId, reason, failures: failed.stuck.failures, retryAt: failed.stuck.retryAt });
      continue;
    }
    const wasStuck = stuck.forget(paymentId);
    if (wasStuck) logInfo("lost-race-refunds", "a lost-race deposit that could not be refunded is decided now", { paymentId, failures: wasStuck.failures, since: wasStuck.since });
    // a licence request of its buyer decided it between the query and the transaction: that request sends it
    if ("decided" in staged) continue;
    pass.refunded.push(paymentId);
    try {
      await broadcastStaged(db, staged.row, staged.what);
    } catch (error) {
      // decided and staged: the outbox worker broadcasts it
      logError("lost-race-refunds", error, { paymentId });
    }
  }
  if (pass.refunded.length > 0) log?.(`lost-race refunds: refunded escrow payment(s) ${pass.refunded.join(", ")}`);
  return pass;
}

/** The leader duty: a pass every `pollMs`, and at once when a grant asks (`requestLostRaceRefunds`). */
export function startLostRaceRefunds(options: { db: Db; pollMs: number; log?: (message: string) => void }): { stop: () => Promise<void> } {
  let stopping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const stuck = new StuckDeposits();
  const loop = (async () => {
    while (!stopping) {
      again = false;
      try {
        await refundLostRacesOnce(options.db, Math.floor(Date.now() / 1000), options.log, stuck);
      } catch (error) {
        logError("lost-race-refunds", error);
      }
      if (stopping || again) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.pollMs);
      });
      wake = undefined;
      if (timer) clearTimeout(timer);
    }
  })();
  const runtime: LostRaceRuntime = {
    requestPass: () => {
      again = true;
      wake?.();
    },
  };
  holder.runtime = runtime;
  return {
    stop: async () => {
      stopping = true;
      if (holder.runtime === runtime) holder.runtime = undefined;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
