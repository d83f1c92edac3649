import { describe, expect, it } from "vitest";
import { defaultFinalityDepth, finalityDepth, OTHER_CHAINS_FINALITY_DEPTH } from "./finality";

describe("finality depth", () => {
  it("has a documented default per chain and one for every other chain", () => {
    expect(defaultFinalityDepth(1)).toBe(65);
    expect(defaultFinalityDepth(137)).toBe(200);
    expect(defaultFinalityDepth(42161)).toBe(240);
    expect(defaultFinalityDepth(8453)).toBe(30);
    expect(defaultFinalityDepth(77117002)).toBe(64);
    expect(defaultFinalityDepth(999_999)).toBe(OTHER_CHAINS_FINALITY_DEPTH);
  });

  it("takes CAPSULE_FINALITY_DEPTH when set, 0 included", () => {
    expect(finalityDepth(1, 12)).toBe(12);
    expect(finalityDepth(77117002, 0)).toBe(0);
    expect(finalityDepth(77117002, undefined)).toBe(64);
  });
});
