import { describe, expect, it } from "vitest";
import { namedWallet, readerContributors, submitterCredit, unnamedAuthorWords, unnamedCreditWords, votesNamedOnCapsule } from "./credit-name";

const ADA = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BEN = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const credit = (wallet: string, displayName: string, active = true) => ({ wallet: wallet.toLowerCase(), displayName, active });

describe("the desk's credit of a capsule's submitter", () => {
  it("is its name on this capsule, with its short address", () => {
    expect(submitterCredit(ADA, [credit(ADA, "Ada Reporter")])).toBe("Ada Reporter (0x7099…79C8)");
  });

  it("is a wallet when the capsule was made without contributors (the address stands as its name)", () => {
    expect(submitterCredit(ADA, [credit(ADA, ADA)])).toBe("wallet 0x7099…79C8");
  });

  it("is a wallet when the submitter is not credited on the capsule, or only by an inactive credit", () => {
    expect(submitterCredit(ADA, [credit(BEN, "Ben Editor")])).toBe("wallet 0x7099…79C8");
    expect(submitterCredit(ADA, [credit(ADA, "Ada Reporter", false)])).toBe("wallet 0x7099…79C8");
  });
});

describe("voters on the capsule page", () => {
  it("are named as the submitter is: a name with the short address, else a wallet", () => {
    expect(namedWallet(BEN, "Ben Editor")).toBe("Ben Editor (0x3C44…93BC)");
    expect(namedWallet(BEN, null)).toBe("wallet 0x3C44…93BC");
    expect(namedWallet(BEN, BEN.toLowerCase())).toBe("wallet 0x3C44…93BC");
  });

  it("name the submitter's own vote by its name on this capsule, not its name elsewhere at the outlet", () => {
    const votes = [{ voter: ADA.toLowerCase(), displayName: "Ada Elsewhere" }, { voter: BEN, displayName: "Ben Editor" }];
    expect(votesNamedOnCapsule(votes, ADA, null)).toEqual([{ voter: ADA.toLowerCase(), displayName: null }, { voter: BEN, displayName: "Ben Editor" }]);
    expect(votesNamedOnCapsule(votes, ADA, "Ada Reporter")[0]?.displayName).toBe("Ada Reporter");
  });
});

describe("a reader page's words for a contributor without a name", () => {
  it("names the role at the outlet, never the address", () => {
    expect(unnamedCreditWords(1, "The Daily Record")).toBe("a journalist at The Daily Record");
    expect(unnamedCreditWords(2, "The Daily Record")).toBe("a reporter at The Daily Record");
    expect(unnamedCreditWords(3, "The Daily Record")).toBe("an editor at The Daily Record");
    expect(unnamedCreditWords(99, "The Daily Record")).toBe("a contributor at The Daily Record");
  });

  it("replaces only a credit without a name: empty, or the address itself", () => {
    const list = [{ ...credit(ADA, ADA), role: 1 }, { ...credit(BEN, "Ben Editor"), role: 3 }, { ...credit(BEN, " "), role: 2 }];
    expect(readerContributors(list, "The Daily Record").map((p) => p.displayName)).toEqual(["a journalist at The Daily Record", "Ben Editor", "a reporter at The Daily Record"]);
  });
});

describe("the author page's words for a wallet without a name", () => {
  it("says what the bylines say, capitalised as a heading, each role and outlet once", () => {
    expect(unnamedAuthorWords([{ role: 1, outletName: "The Daily Record" }, { role: 1, outletName: "The Daily Record" }])).toBe("A journalist at The Daily Record");
    expect(unnamedAuthorWords([{ role: 3, outletName: "The Daily Record" }, { role: 2, outletName: "The Harbour Post" }])).toBe("An editor at The Daily Record and a reporter at The Harbour Post");
    expect(unnamedAuthorWords([{ role: 1, outletName: "A" }, { role: 2, outletName: "B" }, { role: 3, outletName: "C" }])).toBe("A journalist at A, a reporter at B and 1 more role");
    const many = Array.from({ length: 40 }, (_, i) => ({ role: 1, outletName: `Outlet ${i}` }));
    expect(unnamedAuthorWords(many)).toBe("A journalist at Outlet 0, a journalist at Outlet 1 and 38 more roles");
  });

  it("has no words without a credit of its own", () => {
    expect(unnamedAuthorWords([])).toBeNull();
  });
});
