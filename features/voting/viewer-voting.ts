import "server-only";
import type { Address } from "viem";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { logWarn } from "@/lib/log";
import type { TViewerVoting } from "@/features/capsules/capsules.schema";
import { readVoterWeightAt } from "@/lib/chain/server/role-registry-reads";
import { chainClients } from "@/lib/chain/server/clients";
import { recallEligibility, rememberEligibility } from "./snapshot-eligibility-memory";

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

/**
 * The pending capsules of `rows` whose vote `wallet` may not cast: not a bonded voting Editor of the outlet at the
 * capsule's snapshot block (the check CapsuleAcceptance makes). One batched chain read per capsule not yet asked about;
 * a capsule whose answer cannot be read is left out (its vote then reads "none", as before the check existed).
 */
export async function notEligibleAmong(rows: CapsuleRow[], wallet: Address): Promise<Set<number>> {
  const { batchClient } = chainClients();
  const asked = rows.flatMap((row) => (row.status === "pending" && row.snapshot_block !== null ? [{ row, snapshotBlock: row.snapshot_block }] : []));
  const answers = await Promise.all(
    asked.map(async ({ row, snapshotBlock }) => {
      const known = recallEligibility(row.outlet_slug, wallet, snapshotBlock);
      if (known !== undefined) return [row.id, known] as const;
      try {
        const eligible = (await readVoterWeightAt(row.outlet_slug, wallet, BigInt(snapshotBlock), batchClient)) > 0n;
        rememberEligibility(row.outlet_slug, wallet, snapshotBlock, eligible);
        return [row.id, eligible] as const;
      } catch (error) {
        logWarn("capsules", "voter eligibility at the snapshot block could not be read", { capsuleId: row.id, error: error instanceof Error ? error.message : String(error) });
        return [row.id, true] as const;
      }
    }),
  );
  return new Set(answers.filter(([, eligible]) => !eligible).map(([id]) => id));
}
