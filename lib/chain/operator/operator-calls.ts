import "server-only";
import { encodeFunctionData, getAddress, type Address, type Hex } from "viem";
import { articleRegistryAbi, capsuleAcceptanceAbi, integrityCourtAbi, juryCourtAbi, licenceEscrowAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { outletKey } from "@/lib/chain/vouchers";

// Every transaction the operator sends, encoded against the generated ABIs (typed, no casts).

export type OperatorContract = "capsuleAcceptance" | "articleRegistry" | "integrityCourt" | "roleRegistry" | "juryCourt" | "licenceEscrow";
export type OperatorCall = { contract: OperatorContract; functionName: string; to: Address; data: Hex };

const at = (contract: OperatorContract): Address => getAddress(requireDeployment().contracts[contract].address);

export const operatorCalls = {
  castVoteBySig: (capsuleId: bigint, support: boolean, voter: Address, deadline: bigint, signature: Hex): OperatorCall => ({
    contract: "capsuleAcceptance",
    functionName: "castVoteBySig",
    to: at("capsuleAcceptance"),
    data: encodeFunctionData({ abi: capsuleAcceptanceAbi, functionName: "castVoteBySig", args: [capsuleId, support, voter, deadline, signature] }),
  }),
  finalizeCapsule: (capsuleId: bigint): OperatorCall => ({
    contract: "articleRegistry",
    functionName: "finalizeCapsule",
    to: at("articleRegistry"),
    data: encodeFunctionData({ abi: articleRegistryAbi, functionName: "finalizeCapsule", args: [capsuleId] }),
  }),
  closeCapsule: (capsuleId: bigint): OperatorCall => ({
    contract: "articleRegistry",
    functionName: "closeCapsule",
    to: at("articleRegistry"),
    data: encodeFunctionData({ abi: articleRegistryAbi, functionName: "closeCapsule", args: [capsuleId] }),
  }),
  applyPenalty: (outletSlug: string, outletWallet: Address, caseId: bigint, verdict: string, amount: bigint): OperatorCall => ({
    contract: "integrityCourt",
    functionName: "applyPenalty",
    to: at("integrityCourt"),
    data: encodeFunctionData({ abi: integrityCourtAbi, functionName: "applyPenalty", args: [outletSlug, outletWallet, caseId, verdict, amount] }),
  }),
  setLocked: (wallet: Address, amount: bigint): OperatorCall => ({
    contract: "roleRegistry",
    functionName: "setLocked",
    to: at("roleRegistry"),
    data: encodeFunctionData({ abi: roleRegistryAbi, functionName: "setLocked", args: [wallet, amount] }),
  }),
  setVoter: (slug: string, wallet: Address, allowed: boolean): OperatorCall => ({
    contract: "roleRegistry",
    functionName: "setVoter",
    to: at("roleRegistry"),
    data: encodeFunctionData({ abi: roleRegistryAbi, functionName: "setVoter", args: [outletKey(slug), wallet, allowed] }),
  }),
  setMember: (slug: string, wallet: Address, member: boolean): OperatorCall => ({
    contract: "roleRegistry",
    functionName: "setMember",
    to: at("roleRegistry"),
    data: encodeFunctionData({ abi: roleRegistryAbi, functionName: "setMember", args: [outletKey(slug), wallet, member] }),
  }),
  submitEvidence: (caseId: bigint, party: Address, uri: string): OperatorCall => ({
    contract: "juryCourt",
    functionName: "submitEvidence",
    to: at("juryCourt"),
    data: encodeFunctionData({ abi: juryCourtAbi, functionName: "submitEvidence", args: [caseId, party, uri] }),
  }),
  commitBySig: (caseId: bigint, juror: Address, commitment: Hex, signature: Hex): OperatorCall => ({
    contract: "juryCourt",
    functionName: "commitBySig",
    to: at("juryCourt"),
    data: encodeFunctionData({ abi: juryCourtAbi, functionName: "commitBySig", args: [caseId, juror, commitment, signature] }),
  }),
  revealBySig: (caseId: bigint, juror: Address, findings: readonly number[], reasons: readonly string[], salt: Hex, signature: Hex): OperatorCall => ({
    contract: "juryCourt",
    functionName: "revealBySig",
    to: at("juryCourt"),
    data: encodeFunctionData({ abi: juryCourtAbi, functionName: "revealBySig", args: [caseId, juror, [...findings], [...reasons], salt, signature] }),
  }),
  draw: (caseId: bigint): OperatorCall => ({
    contract: "juryCourt",
    functionName: "draw",
    to: at("juryCourt"),
    data: encodeFunctionData({ abi: juryCourtAbi, functionName: "draw", args: [caseId] }),
  }),
  advancePeriod: (caseId: bigint): OperatorCall => ({
    contract: "juryCourt",
    functionName: "advancePeriod",
    to: at("juryCourt"),
    data: encodeFunctionData({ abi: juryCourtAbi, functionName: "advancePeriod", args: [caseId] }),
  }),
  releaseLicencePayment: (paymentId: bigint, payeeBps: number, contributors: readonly Address[], shareBps: readonly number[]): OperatorCall => ({
    contract: "licenceEscrow",
    functionName: "release",
    to: at("licenceEscrow"),
    data: encodeFunctionData({ abi: licenceEscrowAbi, functionName: "release", args: [paymentId, payeeBps, contributors, shareBps] }),
  }),
  /** reason: 0 lost the race for an exclusive listing, 1 refused (LicenceEscrow.RefundReason). */
  refundLicencePayment: (paymentId: bigint, reason: 0 | 1): OperatorCall => ({
    contract: "licenceEscrow",
    functionName: "refund",
    to: at("licenceEscrow"),
    data: encodeFunctionData({ abi: licenceEscrowAbi, functionName: "refund", args: [paymentId, reason] }),
  }),
};
