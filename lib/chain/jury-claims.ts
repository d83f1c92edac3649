import { hexToBigInt, pad, toHex, type Hex } from "viem";

// A capsule's claims as JuryCourt names them (the claim's id, capsule_claims.id, as a bytes32), and the names
// of JuryCourt's period, side and finding codes.
// Pure: shared by the bridge, the browser and the tests.

export const claimKey = (claimId: number): Hex => pad(toHex(claimId), { size: 32 });

/** The claim id a key names, as an exact decimal string (a key is any bytes32 its challenger chose, up to 2^256 - 1). */
export const claimIdOfKey = (key: string): string => hexToBigInt(key as Hex).toString();

/**
 * The keys of a case's grounds that name no claim of the capsule (`claimIds`, its claims' ids), as decimal
 * claim ids in the grounds' order. A dispute of the article as a whole names no key (an empty list), so it
 * has none; any key that is not one of the capsule's claims, the zero key included, is one.
 */
export function unknownClaimIds(keys: readonly string[], claimIds: readonly (number | string)[]): string[] {
  const own = new Set(claimIds.map(String));
  return keys.map(claimIdOfKey).filter((id) => !own.has(id));
}

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
