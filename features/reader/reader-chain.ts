import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { latestPublished } from "@/features/capsules/chain-order";

// What a reader may read of a revision chain (issue 12). Pure functions over the chain's rows.

// what "published" means lives with the chain's other rules (features/capsules), which rights and the court use too
export { isPublished, latestPublished } from "@/features/capsules/chain-order";

const newestFirst = (chain: CapsuleRow[]) => [...chain].sort((a, b) => b.revision_number - a.revision_number || b.id - a.id);

/**
 * A correction or retraction under vote after the latest finalized version (pending or accepted, not
 * yet finalized). A rejected one is not returned: the last finalized version simply stays current.
 */
export function revisionUnderVote(chain: CapsuleRow[]): CapsuleRow | undefined {
  const current = latestPublished(chain);
  if (!current) return undefined;
  return newestFirst(chain).find((row) => row.revision_number > current.revision_number && (row.status === "pending" || row.status === "accepted"));
}
