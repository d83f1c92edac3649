import { encodeAbiParameters, keccak256, type Address, type Hex, type LocalAccount } from "viem";

// EIP-712 formats JuryCourt verifies for relayed juror actions, and the commitment a juror signs first.
// Pure helpers, shared by the bridge, the browser and the tests.

/** 1 verified, 2 misleading, 3 fraudulent, 4 unresolved (JuryCourt's constants). */
export const FINDING = { verified: 1, misleading: 2, fraudulent: 3, unresolved: 4 } as const;
export type Finding = (typeof FINDING)[keyof typeof FINDING];

export type JuryCommit = { caseId: bigint; round: bigint; juror: Address; commitment: Hex };
export type JuryReveal = { caseId: bigint; round: bigint; juror: Address; findings: readonly number[]; reasons: readonly string[]; salt: Hex };

export const juryCourtDomain = (court: Address, chainId: number) =>
  ({ name: "Capsule Jury Court", version: "1", chainId, verifyingContract: court }) as const;

export const juryCommitTypes = {
  Commit: [
    { name: "caseId", type: "uint256" },
    { name: "round", type: "uint256" },
    { name: "juror", type: "address" },
    { name: "commitment", type: "bytes32" },
  ],
} as const;

export const juryRevealTypes = {
  Reveal: [
    { name: "caseId", type: "uint256" },
    { name: "round", type: "uint256" },
    { name: "juror", type: "address" },
    { name: "findings", type: "uint8[]" },
    { name: "reasons", type: "string[]" },
    { name: "salt", type: "bytes32" },
  ],
} as const;

/** keccak256(abi.encode(caseId, round, juror, uint8[] findings, bytes32 salt)), as JuryCourt.commitmentOf. */
export function juryCommitment(caseId: bigint, round: bigint, juror: Address, findings: readonly number[], salt: Hex): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "uint256" }, { type: "uint256" }, { type: "address" }, { type: "uint8[]" }, { type: "bytes32" }],
      [caseId, round, juror, [...findings], salt],
    ),
  );
}

export const juryCommitTypedData = (court: Address, chainId: number, message: JuryCommit) =>
  ({ domain: juryCourtDomain(court, chainId), types: juryCommitTypes, primaryType: "Commit", message }) as const;

export const juryRevealTypedData = (court: Address, chainId: number, message: JuryReveal) =>
  ({
    domain: juryCourtDomain(court, chainId),
    types: juryRevealTypes,
    primaryType: "Reveal",
    message: { ...message, findings: [...message.findings], reasons: [...message.reasons] },
  }) as const;

type TypedDataSigner = Pick<LocalAccount, "signTypedData">;

export function signJuryCommit(account: TypedDataSigner, court: Address, chainId: number, message: JuryCommit): Promise<Hex> {
  return account.signTypedData(juryCommitTypedData(court, chainId, message));
}

export function signJuryReveal(account: TypedDataSigner, court: Address, chainId: number, message: JuryReveal): Promise<Hex> {
  return account.signTypedData(juryRevealTypedData(court, chainId, message));
}
