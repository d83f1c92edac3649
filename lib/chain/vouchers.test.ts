import { describe, expect, it } from "vitest";
import { submitVoucherFromJson, submitVoucherToJson, type SubmitVoucher } from "./vouchers";

describe("the submit voucher in JSON", () => {
  it("goes to decimal strings and back unchanged", () => {
    const voucher: SubmitVoucher = {
      capsuleId: 12n,
      outletSlug: "harbour-desk",
      submitter: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      contentHash: `0x${"ab".repeat(32)}`,
      parentCapsuleId: 0n,
      windowSeconds: 259_200n,
      eligibleWeight: 2_000_000_000_000_000_000_000n,
      approvalPct: 60,
      quorumPct: 5,
      deadline: 1_796_000_000n,
      manifestHash: `0x${"cd".repeat(32)}`,
      evidenceRoot: `0x${"ef".repeat(32)}`,
    };
    const json = submitVoucherToJson(voucher);
    expect(json).toMatchObject({ capsuleId: "12", eligibleWeight: "2000000000000000000000", approvalPct: "60", deadline: "1796000000" });
    expect(submitVoucherFromJson(json)).toEqual(voucher);
  });
});
