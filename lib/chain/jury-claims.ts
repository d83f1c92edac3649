import { hexToBigInt, pad, toHex, type Hex } from "viem";

// A capsule's claims as JuryCourt names them (the claim's id, capsule_claims.id, as a bytes32), and the names
// of JuryCourt's period, side and finding codes.
// Pure: shared by the bridge, the browser and the tests.

export const claimKey = (claimId: number): Hex => pad(toHex(claimId), { size: 32 });

export const claimIdOfKey = (key: string): number => Number(hexToBigInt(key as Hex));

/** JuryCourt.Period → the period's name. */
export const PERIOD_NAMES = { 1: "evidence", 2: "commit", 3: "reveal", 4: "appeal", 5: "final" } as const;
/** JuryCourt's side codes → the side's name. */
export const SIDE_NAMES = { 1: "challenger", 2: "outlet" } as const;

/** Finding numbers (JuryCourt) → their names. */
export const FINDING_NAMES = { 1: "verified", 2: "misleading", 3: "fraudulent", 4: "unresolved" } as const;
export type FindingName = (typeof FINDING_NAMES)[keyof typeof FINDING_NAMES];
export const findingName = (finding: number): FindingName => FINDING_NAMES[finding as keyof typeof FINDING_NAMES] ?? "unresolved";

/**
 * The article's label from its claims' findings (JuryCourt.articleFinding, docs/DECISIONS.md): any
 * fraudulent → fraudulent, else any misleading → misleading, else all verified → verified, else unresolved.
 */
export function articleLabel(findings: readonly FindingName[]): FindingName {
  if (findings.includes("fraudulent")) return "fraudulent";
  if (findings.includes("misleading")) return "misleading";
  return findings.length > 0 && findings.every((f) => f === "verified") ? "verified" : "unresolved";
}
