import { describe, expect, it } from "vitest";
import { articleLabel, claimIdOfKey, claimKey, findingName, unknownClaimIds } from "./jury-claims";

describe("jury claims", () => {
  it("names a claim on chain by its id as a bytes32, and back", () => {
    expect(claimKey(42)).toBe(`0x${"0".repeat(62)}2a`);
    expect(claimIdOfKey(claimKey(123456))).toBe("123456");
  });

  it("reads any key exactly, however large (no float rounding)", () => {
    expect(claimIdOfKey(`0x${"f".repeat(64)}`)).toBe("115792089237316195423570985008687907853269984665640564039457584007913129639935");
    expect(claimIdOfKey(`0x${"0".repeat(48)}0020000000000001`)).toBe("9007199254740993");
  });

  it("names the keys of a case's grounds that are not claims of the capsule", () => {
    const keys = [claimKey(7), `0x${"f".repeat(64)}`, claimKey(99), `0x${"0".repeat(64)}`];
    expect(unknownClaimIds(keys, [7, 8])).toEqual(["115792089237316195423570985008687907853269984665640564039457584007913129639935", "99", "0"]);
    expect(unknownClaimIds([claimKey(7), claimKey(8)], [7, 8])).toEqual([]);
    // the article as a whole: no key at all
    expect(unknownClaimIds([], [])).toEqual([]);
  });

  it("derives the article's label from its claims' findings by one rule", () => {
    expect(articleLabel(["verified", "fraudulent", "misleading"])).toBe("fraudulent");
    expect(articleLabel(["verified", "misleading", "unresolved"])).toBe("misleading");
    expect(articleLabel(["verified", "verified"])).toBe("verified");
    expect(articleLabel(["verified", "unresolved"])).toBe("unresolved");
    expect(articleLabel([])).toBe("unresolved");
  });

  it("names JuryCourt's findings", () => {
    expect([1, 2, 3, 4].map(findingName)).toEqual(["verified", "misleading", "fraudulent", "unresolved"]);
  });
});
