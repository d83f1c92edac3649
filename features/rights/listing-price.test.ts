import { describe, expect, it } from "vitest";
import { ZCreateListingBody } from "./rights.schema";

// A price the chain cannot hold could never be paid: LicenceEscrow deposits are uint256.
const listing = (price: string) => ({ capsuleId: "5", licenceType: "non_exclusive", territory: "worldwide", price, currency: "CAP", terms: "some terms here" });
const priceIssues = (price: string) => {
  const parsed = ZCreateListingBody.safeParse(listing(price));
  return parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === "price").map((i) => i.message);
};

describe("listing prices", () => {
  it("accepts every amount up to 2^256 − 1 wei", () => {
    for (const price of ["0", "1", "1000000000000000000", (2n ** 256n - 1n).toString()]) expect(priceIssues(price), price).toEqual([]);
  });

  it("refuses amounts above 2^256 − 1 wei, and what is not a decimal wei amount", () => {
    expect(priceIssues((2n ** 256n).toString())).toEqual(["is more than the chain can hold (at most 2^256 − 1 wei)"]);
    expect(priceIssues("9".repeat(78))).toEqual(["is more than the chain can hold (at most 2^256 − 1 wei)"]);
    for (const price of ["-1", "1.5", "01", "", "1e18", "9".repeat(79)]) expect(priceIssues(price), price).toEqual(["a wei amount as a decimal string"]);
  });
});
