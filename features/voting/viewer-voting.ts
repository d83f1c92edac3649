import "server-only";
import type { Address } from "viem";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { logWarn } from "@/lib/log";
import type { TViewerVoting } from "@/features/capsules/capsules.schema";
import { readVoterWeightAt } from "@/lib/chain/server/role-registry-reads";

/**
 * Whether the signed-in reader of a pending capsule may vote on it: the chain's RoleRegistry
 * checkpoints at the capsule's snapshot block (the same check CapsuleAcceptance makes), so the vote
 * page can say so before anyone signs. Undefined when there is nothing to decide (not pending, no
 * snapshot projected yet) or the node cannot be read (the page then falls back to the current role).
 */
export async function viewerVotingOf(row: CapsuleRow, wallet: Address): Promise<TViewerVoting | undefined> {
  if (row.status !== "pending" || row.snapshot_block === null) return undefined;
  const snapshotBlock = BigInt(row.snapshot_block);
  try {
    const weight = await readVoterWeightAt(row.outlet_slug, wallet, snapshotBlock);
    return { wallet, snapshotBlock: snapshotBlock.toString(), eligible: weight > 0n, weight: weight.toString() };
  } catch (error) {
    logWarn("capsules", "voter eligibility at the snapshot block could not be read", { capsuleId: row.id, error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}
