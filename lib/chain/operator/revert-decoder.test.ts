import { describe, expect, it } from "vitest";
import { encodeErrorResult } from "viem";
import { capsuleAcceptanceAbi, integrityCourtAbi } from "@/lib/chain/abi";
import { AppError } from "@/lib/errors/app-error";
import { decodeRevert, revertData, revertToAppError } from "./revert-decoder";

const alreadyVoted = encodeErrorResult({ abi: capsuleAcceptanceAbi, errorName: "AlreadyVoted" });
const penaltyApplied = encodeErrorResult({ abi: integrityCourtAbi, errorName: "PenaltyAlreadyApplied", args: [7n] });

describe("revert decoder", () => {
  it("finds the revert bytes anywhere in a cause chain (RPC data, nested data, viem raw)", () => {
    expect(revertData({ cause: { cause: { data: alreadyVoted } } })).toBe(alreadyVoted);
    expect(revertData({ cause: { data: { data: penaltyApplied } } })).toBe(penaltyApplied);
    expect(revertData(new Error("network down"))).toBeUndefined();
  });

  it("decodes custom errors of every operator contract with their arguments", () => {
    expect(decodeRevert(alreadyVoted)).toEqual({ name: "AlreadyVoted", args: [] });
    expect(decodeRevert(penaltyApplied)).toEqual({ name: "PenaltyAlreadyApplied", args: [7n] });
    expect(decodeRevert("0xdeadbeef")).toBeUndefined();
  });

  it("maps them onto the error table; a caller's override wins; unknown errors map to nothing", () => {
    const mapped = revertToAppError(decodeRevert(alreadyVoted));
    expect(mapped).toBeInstanceOf(AppError);
    expect({ code: mapped?.code, status: mapped?.statusCode }).toEqual({ code: "CONFLICT", status: 409 });
    const override = revertToAppError(decodeRevert(alreadyVoted), { AlreadyVoted: () => new AppError("CONFLICT", "0xabc has already voted on capsule 1") });
    expect(override?.message).toBe("0xabc has already voted on capsule 1");
    expect(revertToAppError(decodeRevert(penaltyApplied))?.code).toBe("CONFLICT");
    expect(revertToAppError(undefined)).toBeUndefined();
  });
});
