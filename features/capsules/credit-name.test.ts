import { describe, expect, it } from "vitest";
import { submitterCredit } from "./credit-name";

const ADA = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BEN = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const credit = (wallet: string, displayName: string, active = true) => ({ wallet: wallet.toLowerCase(), displayName, active });

describe("the desk's credit of a capsule's submitter", () => {
  it("is its name on this capsule", () => {
    expect(submitterCredit(ADA, [credit(ADA, "Ada Reporter")])).toBe("Ada Reporter");
  });

  it("is a wallet when the capsule was made without contributors (the address stands as its name)", () => {
    expect(submitterCredit(ADA, [credit(ADA, ADA)])).toBe("wallet 0x7099…79C8");
  });

  it("is a wallet when the submitter is not credited on the capsule, or only by an inactive credit", () => {
    expect(submitterCredit(ADA, [credit(BEN, "Ben Editor")])).toBe("wallet 0x7099…79C8");
    expect(submitterCredit(ADA, [credit(ADA, "Ada Reporter", false)])).toBe("wallet 0x7099…79C8");
  });
});
