import { describe, expect, it } from "vitest";
import { articleLabel, claimIdOfKey, claimKey, findingName } from "./jury-claims";

describe("jury claims", () => {
  it("names a claim on chain by its id as a bytes32, and back", () => {
    expect(claimKey(42)).toBe(`0x${"0".repeat(62)}2a`);
    expect(claimIdOfKey(claimKey(123456))).toBe(123456);
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
