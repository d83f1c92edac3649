import os from "node:os";
import path from "node:path";

/**
 * The one solc build cache of the whole test run (keyed by the contracts' source hash): the stacks' `npm start`, the
 * contract fixtures and the gateway suite all read it, so a run compiles the contracts once (about 20 s of solc)
 * instead of once per cache.
 */
export const sharedContractsCache = path.join(os.tmpdir(), "capsule-test-contracts-build.json");
