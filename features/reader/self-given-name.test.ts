import { describe, expect, it } from "vitest";
import { selfGivenName, type OwnCredit } from "./self-given-name";

const ANNA = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const OTHER = "0x976EA74026E726554dB657fA54763abd0C3a0aa9";
const credit = (fields: Partial<OwnCredit>): OwnCredit => ({ wallet: ANNA, submitter: ANNA, displayName: "Anna", creditedAt: 10, creditId: 1, ...fields });

describe("the name a wallet gave itself", () => {
  it("is its newest credit on its own submissions, the later credit on a tie", () => {
    const credits = [credit({ displayName: "Anna A.", creditedAt: 20, creditId: 2 }), credit({ displayName: " Anna Alpha ", creditedAt: 20, creditId: 3 }), credit({ displayName: "Old", creditedAt: 5, creditId: 9 })];
    expect(selfGivenName(credits, ANNA.toLowerCase())).toBe("Anna Alpha");
  });

  it("never takes a name another submitter wrote, a blank one or the address typed as a name", () => {
    const credits = [credit({ submitter: OTHER, displayName: "Given by others", creditedAt: 30 }), credit({ displayName: "  ", creditedAt: 25 }), credit({ displayName: ANNA.toLowerCase(), creditedAt: 24 })];
    expect(selfGivenName(credits, ANNA)).toBeNull();
    expect(selfGivenName([...credits, credit({ creditedAt: 1 })], ANNA)).toBe("Anna");
    expect(selfGivenName(credits, OTHER)).toBeNull();
  });
});
