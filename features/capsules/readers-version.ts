import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { listChain } from "@/features/capsules/capsules.repository";
import { isPublished, latestPublished, rootIdOf } from "./chain-order";

/**
 * Whether this capsule is the version readers see: published, and the newest published version of its
 * chain. Usually it is finalized; it is superseded when a correction of it was submitted and then
 * rejected (the chain cannot undo "superseded"), and then it is still the article to dispute or license.
 */
export async function isReadersVersion(db: DbOrTrx, row: CapsuleRow): Promise<boolean> {
  if (row.status === "finalized") return true;
  if (!isPublished(row)) return false;
  return latestPublished(await listChain(db, rootIdOf(row)))?.id === row.id;
}
