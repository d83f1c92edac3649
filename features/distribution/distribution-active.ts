// Distribution activates only once a capsule is published (seed: Distribution) and only for the version
// readers see (features/capsules/readers-version.ts: a version whose correction was rejected stays that
// version although the chain marked it superseded), and stops while the court has found it misleading or
// fraudulent. Callers decide `readersVersion` (isReadersVersion), which keeps this folder off the capsules' services.

const blockingLabels = new Set(["misleading", "fraudulent"]);

export function distributionActive(capsule: { integrity_label: string }, readersVersion: boolean): boolean {
  return readersVersion && !blockingLabels.has(capsule.integrity_label);
}
