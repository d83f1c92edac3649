import type { DistributionInputSource } from "@/lib/services/outlets/distribution-inputs";
import { outletOutcomeCounts } from "@/lib/db/repositories/capsules.repository";

/**
 * The capsules' contribution to an outlet's distribution tier: submitted capsules that were
 * finalized (or later superseded) count as accepted, closed-on-chain rejections as rejected.
 * Register in distributionInputSources (lib/services/outlets/distribution-inputs.ts).
 */
export const capsuleDistributionSource: DistributionInputSource = async (db, outlet) => outletOutcomeCounts(db, outlet.id);
