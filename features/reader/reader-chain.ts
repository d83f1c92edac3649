import type { CapsuleRow } from "@/lib/db/tables/capsules.table";

// What a reader may read of a revision chain (issue 12). Pure functions over the chain's rows.

/** Published = finalized on chain at some point: finalized now, or superseded after finalization. */
export const isPublished = (row: Pick<CapsuleRow, "status" | "finalized_at">): boolean =>
  row.finalized_at !== null && (row.status === "finalized" || row.status === "superseded");

const newestFirst = (chain: CapsuleRow[]) => [...chain].sort((a, b) => b.revision_number - a.revision_number || b.id - a.id);

/** The latest finalized version: what readers see as the article's current text. */
export const latestPublished = (chain: CapsuleRow[]): CapsuleRow | undefined => newestFirst(chain).find(isPublished);

/**
 * A correction or retraction under vote after the latest finalized version (pending or accepted, not
 * yet finalized). A rejected one is not returned: the last finalized version simply stays current.
 */
export function revisionUnderVote(chain: CapsuleRow[]): CapsuleRow | undefined {
  const current = latestPublished(chain);
  if (!current) return undefined;
  return newestFirst(chain).find((row) => row.revision_number > current.revision_number && (row.status === "pending" || row.status === "accepted"));
}
