import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { authorBallotsOnAccepted, outletOutcomeCounts } from "@/features/capsules/capsules.repository";
import { selfAcceptedCount } from "./self-accepted";

/**
 * The capsules' part of an outlet's distribution inputs: accepted (finalized or later superseded)
 * and rejected capsules that went through a vote on chain. Drafts and pending capsules do not count,
 * nor do self-accepted ones (accepted only by their own authors' ballots: ./self-accepted.ts), which
 * are reported apart. As of a past block (`asOf`), only capsules decided by then count.
 */
export async function capsuleOutcomeSource(db: DbOrTrx, outlet: OutletRow, now: number, asOf = false): Promise<{ accepted: number; rejected: number; selfAccepted: number }> {
  const decidedBy = asOf ? now : undefined;
  const counts = await outletOutcomeCounts(db, outlet.id, decidedBy);
  const ballots = await authorBallotsOnAccepted(db, outlet.id, decidedBy);
  const selfAccepted = selfAcceptedCount(
    ballots.map((b) => ({
      capsuleId: b.capsule_id,
      yes: b.yes_votes,
      no: b.no_votes,
      eligibleWeight: b.eligible_weight,
      approvalThreshold: b.approval_threshold,
      quorumThreshold: b.quorum_threshold,
      support: Number(b.support) === 1,
      weight: b.weight,
    })),
  );
  return { accepted: counts.accepted - selfAccepted, rejected: counts.rejected, selfAccepted };
}
