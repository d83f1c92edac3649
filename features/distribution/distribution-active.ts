// Distribution activates only once a capsule is finalized (seed: Distribution), and stops while
// the court has found it misleading or fraudulent.

const blockingLabels = new Set(["misleading", "fraudulent"]);

export function distributionActive(capsule: { status: string; integrity_label: string }): boolean {
  return capsule.status === "finalized" && !blockingLabels.has(capsule.integrity_label);
}
