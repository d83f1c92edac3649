import { describe, expect, it } from "vitest";
import { nextBlockTime } from "./chain-io";

// The bundled anvil makes blocks only for transactions: after a quiet quarter of an hour its latest block
// is that old, and a voucher deadline of "latest + 900 s" had already passed when it was signed.
describe("the chain's clock for the next transaction", () => {
  it("is the wall clock when the latest block is older", () => {
    const now = 1_900_000_000_000;
    expect(nextBlockTime(1_900_000_000 - 917, now)).toBe(1_900_000_000);
  });

  it("is the latest block's time when the chain runs ahead (a node whose clock was moved on)", () => {
    expect(nextBlockTime(1_900_086_400, 1_900_000_000_999)).toBe(1_900_086_400);
  });
});
