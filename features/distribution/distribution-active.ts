import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { isReadersVersion } from "@/features/capsules/readers-version";

// Distribution activates only once a capsule is published (seed: Distribution) and only for the version
// readers see (a version whose correction was rejected stays that version although the chain marked it
// superseded), and stops while the court has found it misleading or fraudulent.

const blockingLabels = new Set(["misleading", "fraudulent"]);

export function distributionActive(capsule: { integrity_label: string }, readersVersion: boolean): boolean {
  return readersVersion && !blockingLabels.has(capsule.integrity_label);
}

/** distributionActive for a capsule row, deciding from its chain whether it is the version readers see. */
export async function distributionActiveOf(db: DbOrTrx, capsule: CapsuleRow): Promise<boolean> {
  return distributionActive(capsule, await isReadersVersion(db, capsule));
}
