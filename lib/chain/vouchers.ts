import { hashTypedData, keccak256, toBytes, type Address, type Hex, type LocalAccount } from "viem";

// EIP-712 formats verified on chain: the bridge's SubmitVoucher (ArticleRegistry) and a voter's Ballot
// (CapsuleAcceptance.castVoteBySig). Pure helpers, shared by the bridge, the UI and the tests.

/** keccak256(bytes(outletSlug)): the key RoleRegistry and CapsuleAcceptance use for an outlet. */
export const outletKey = (slug: string): Hex => keccak256(toBytes(slug));

export type SubmitVoucher = {
  capsuleId: bigint;
  outletSlug: string;
  submitter: Address;
  /** SHA-256 of the article content, 0x + 64 hex. */
  contentHash: Hex;
  /** 0n for an original. */
  parentCapsuleId: bigint;
  windowSeconds: bigint;
  eligibleWeight: bigint;
  approvalPct: number;
  quorumPct: number;
  /** Unix seconds; the chain refuses the voucher after this block time. */
  deadline: bigint;
  /** SHA-256 of the manifest's canonical JSON bytes (features/capsules/manifest.ts). */
  manifestHash: Hex;
  /** OpenZeppelin standard Merkle root over the manifest's evidence items; bytes32 zero when there are none. */
  evidenceRoot: Hex;
};

/** A SubmitVoucher as the submit route carries it in JSON: every field a decimal or hex string. */
export type SubmitVoucherJson = { [K in keyof SubmitVoucher]: string };

export const submitVoucherToJson = (voucher: SubmitVoucher): SubmitVoucherJson =>
  Object.fromEntries(Object.entries(voucher).map(([key, value]) => [key, String(value)])) as SubmitVoucherJson;

/** The submit route's voucher back in the form ArticleRegistry.submitCapsule takes. */
export const submitVoucherFromJson = (v: SubmitVoucherJson): SubmitVoucher => ({
  capsuleId: BigInt(v.capsuleId),
  outletSlug: v.outletSlug,
  submitter: v.submitter as Address,
  contentHash: v.contentHash as Hex,
  parentCapsuleId: BigInt(v.parentCapsuleId),
  windowSeconds: BigInt(v.windowSeconds),
  eligibleWeight: BigInt(v.eligibleWeight),
  approvalPct: Number(v.approvalPct),
  quorumPct: Number(v.quorumPct),
  deadline: BigInt(v.deadline),
  manifestHash: v.manifestHash as Hex,
  evidenceRoot: v.evidenceRoot as Hex,
});

export type Ballot = { capsuleId: bigint; support: boolean; voter: Address; nonce: bigint; deadline: bigint };

export const submitVoucherTypes = {
  SubmitVoucher: [
    { name: "capsuleId", type: "uint256" },
    { name: "outletSlug", type: "string" },
    { name: "submitter", type: "address" },
    { name: "contentHash", type: "bytes32" },
    { name: "parentCapsuleId", type: "uint256" },
    { name: "windowSeconds", type: "uint64" },
    { name: "eligibleWeight", type: "uint256" },
    { name: "approvalPct", type: "uint16" },
    { name: "quorumPct", type: "uint16" },
    { name: "deadline", type: "uint256" },
    { name: "manifestHash", type: "bytes32" },
    { name: "evidenceRoot", type: "bytes32" },
  ],
} as const;

export const ballotTypes = {
  Ballot: [
    { name: "capsuleId", type: "uint256" },
    { name: "support", type: "bool" },
    { name: "voter", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

/**
 * A voter's public reason, signed apart from the Ballot under the same domain and bound to it by
 * the ballot's nonce (CapsuleAcceptance.nonces(voter) when relayed), its capsule and its choice.
 * The contract never sees it; the bridge checks it (docs/DECISIONS.md, vote reasons).
 */
export type VoteReason = { capsuleId: bigint; support: boolean; voter: Address; ballotNonce: bigint; reason: string };

export const voteReasonTypes = {
  VoteReason: [
    { name: "capsuleId", type: "uint256" },
    { name: "support", type: "bool" },
    { name: "voter", type: "address" },
    { name: "ballotNonce", type: "uint256" },
    { name: "reason", type: "string" },
  ],
} as const;

export const articleRegistryDomain = (registry: Address, chainId: number) =>
  ({ name: "Capsule Article Registry", version: "1", chainId, verifyingContract: registry }) as const;

export const capsuleAcceptanceDomain = (acceptance: Address, chainId: number) =>
  ({ name: "Capsule Acceptance", version: "1", chainId, verifyingContract: acceptance }) as const;

/** Typed-data for a SubmitVoucher (pass to signTypedData / a wallet). */
export const submitVoucherTypedData = (registry: Address, chainId: number, voucher: SubmitVoucher) =>
  ({ domain: articleRegistryDomain(registry, chainId), types: submitVoucherTypes, primaryType: "SubmitVoucher", message: voucher }) as const;

/** Typed-data for a Ballot (what the voter's wallet signs for a relayed vote). */
export const ballotTypedData = (acceptance: Address, chainId: number, ballot: Ballot) =>
  ({ domain: capsuleAcceptanceDomain(acceptance, chainId), types: ballotTypes, primaryType: "Ballot", message: ballot }) as const;

/** Typed-data for a VoteReason (what the voter's wallet signs beside the Ballot). */
export const voteReasonTypedData = (acceptance: Address, chainId: number, reason: VoteReason) =>
  ({ domain: capsuleAcceptanceDomain(acceptance, chainId), types: voteReasonTypes, primaryType: "VoteReason", message: reason }) as const;

export const hashSubmitVoucher = (registry: Address, chainId: number, voucher: SubmitVoucher): Hex =>
  hashTypedData(submitVoucherTypedData(registry, chainId, voucher));

export const hashBallot = (acceptance: Address, chainId: number, ballot: Ballot): Hex =>
  hashTypedData(ballotTypedData(acceptance, chainId, ballot));

type TypedDataSigner = Pick<LocalAccount, "signTypedData">;

/** The bridge signs a voucher with its operator key. */
export function signSubmitVoucher(account: TypedDataSigner, registry: Address, chainId: number, voucher: SubmitVoucher): Promise<Hex> {
  return account.signTypedData(submitVoucherTypedData(registry, chainId, voucher));
}

/** A voter signs a ballot; `nonce` must equal CapsuleAcceptance.nonces(voter). */
export function signBallot(account: TypedDataSigner, acceptance: Address, chainId: number, ballot: Ballot): Promise<Hex> {
  return account.signTypedData(ballotTypedData(acceptance, chainId, ballot));
}

/** A voter signs the reason for the ballot of the same nonce. */
export function signVoteReason(account: TypedDataSigner, acceptance: Address, chainId: number, reason: VoteReason): Promise<Hex> {
  return account.signTypedData(voteReasonTypedData(acceptance, chainId, reason));
}
