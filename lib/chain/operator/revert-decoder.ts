import { decodeErrorResult, isHex, type Hex } from "viem";
import { articleRegistryAbi, capsuleAcceptanceAbi, integrityCourtAbi, juryCourtAbi, licenceEscrowAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { AppError, type ErrorCode } from "@/lib/errors/app-error";

// Contract custom errors → the error table. The revert data is found by walking the error's
// causes (duck-typed: the viem that threw may be another route bundle's copy, so no instanceof).

const contractErrors = [...capsuleAcceptanceAbi, ...articleRegistryAbi, ...integrityCourtAbi, ...roleRegistryAbi, ...juryCourtAbi, ...licenceEscrowAbi].filter((item) => item.type === "error");

export type DecodedRevert = { name: string; args: readonly unknown[] };

/** The raw revert bytes anywhere in an error's cause chain (RPC `data`, viem's `raw`), if any. */
export function revertData(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 12; depth += 1) {
    const record = current as { data?: unknown; raw?: unknown; cause?: unknown };
    if (typeof record.raw === "string" && isHex(record.raw) && record.raw.length >= 10) return record.raw;
    if (typeof record.data === "string" && isHex(record.data) && record.data.length >= 10) return record.data;
    if (record.data && typeof record.data === "object") {
      const inner = (record.data as { data?: unknown; errorName?: unknown }).data;
      if (typeof inner === "string" && isHex(inner) && inner.length >= 10) return inner;
    }
    current = record.cause;
  }
  return undefined;
}

/** The custom error (name and arguments) the contracts reverted with, or undefined. */
export function decodeRevert(data: Hex | undefined): DecodedRevert | undefined {
  if (!data) return undefined;
  try {
    const decoded = decodeErrorResult({ abi: contractErrors, data });
    return { name: decoded.errorName, args: decoded.args ?? [] };
  } catch {
    return undefined;
  }
}

/** Default code and message per contract error; services may override the message with context. */
export const revertErrorTable: Record<string, { code: ErrorCode; message: string }> = {
  AlreadyVoted: { code: "CONFLICT", message: "The voter has already voted on this capsule (on chain)" },
  VotingClosed: { code: "VOTING_CLOSED", message: "The capsule's voting window is closed" },
  NotEligible: { code: "FORBIDDEN", message: "The voter was not an eligible bonded Editor of the capsule's outlet at its snapshot block (the block before voting opened)" },
  InvalidSignature: { code: "INVALID_SIGNATURE", message: "The signature does not recover to the expected signer" },
  SignatureExpired: { code: "VALIDATION_ERROR", message: "The signed deadline has passed" },
  UnknownCapsule: { code: "CAPSULE_NOT_FOUND", message: "The capsule is unknown to the chain" },
  NotPending: { code: "INVALID_STATE", message: "The capsule is no longer pending" },
  VotingOpen: { code: "INVALID_STATE", message: "The capsule's voting window is still open" },
  PenaltyAlreadyApplied: { code: "CONFLICT", message: "A penalty was already applied on chain for this case" },
  // JuryCourt (issue 28)
  UnknownCase: { code: "CASE_NOT_FOUND", message: "The jury case is unknown to the chain" },
  WrongPeriod: { code: "INVALID_STATE", message: "The jury case is not in the period this action belongs to" },
  PeriodOver: { code: "INVALID_STATE", message: "The jury case's current period is over; advance it first" },
  PeriodNotOver: { code: "INVALID_STATE", message: "The jury case's current period has not ended and its work is not done" },
  NotAParty: { code: "FORBIDDEN", message: "Only the challenger or the capsule's outlet (its author or anyone holding a role there) may add evidence" },
  UriTooLong: { code: "VALIDATION_ERROR", message: "The evidence URI is empty or longer than 2048 bytes" },
  NotJuror: { code: "FORBIDDEN", message: "The wallet was not drawn as a juror in this round" },
  EmptyCommitment: { code: "VALIDATION_ERROR", message: "The commitment is empty" },
  AlreadyCommitted: { code: "CONFLICT", message: "The juror has already committed in this round" },
  NotCommitted: { code: "INVALID_STATE", message: "The juror did not commit in this round, so there is nothing to reveal" },
  AlreadyRevealed: { code: "CONFLICT", message: "The juror has already revealed in this round" },
  WrongClaimCount: { code: "VALIDATION_ERROR", message: "One finding and one reason are needed per disputed claim" },
  InvalidFinding: { code: "VALIDATION_ERROR", message: "A finding is 1 verified, 2 misleading, 3 fraudulent or 4 unresolved" },
  ReasonTooLong: { code: "VALIDATION_ERROR", message: "A reason is longer than 280 bytes" },
  CommitmentMismatch: { code: "CONFLICT", message: "The findings and salt do not match the juror's commitment" },
  NotOperator: { code: "INTERNAL_ERROR", message: "The bridge's operator key is not the contracts' operator" },
};

export type RevertOverrides = Record<string, () => AppError>;

/** The AppError for a decoded revert: the caller's override, else the table's entry, else undefined. */
export function revertToAppError(revert: DecodedRevert | undefined, overrides: RevertOverrides = {}): AppError | undefined {
  if (!revert) return undefined;
  const override = overrides[revert.name];
  if (override) return override();
  const entry = revertErrorTable[revert.name];
  return entry ? new AppError(entry.code, `${entry.message} (${revert.name})`, { details: { revert: revert.name } }) : undefined;
}
