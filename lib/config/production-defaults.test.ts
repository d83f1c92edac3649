import { describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { devKeyIndex, wellKnownDevKeys } from "./dev-keys";
import { operatorKeyProblem, sampleDataWanted } from "./production-defaults";

describe("well-known development keys", () => {
  it("are anvil's ten funded accounts", () => {
    expect(privateKeyToAccount(wellKnownDevKeys[0]).address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(privateKeyToAccount(wellKnownDevKeys[9]).address).toBe("0xa0Ee7A142d267C1f36714E4a8F75612F20a79720");
    expect(devKeyIndex(wellKnownDevKeys[3].toUpperCase().replace("0X", "0x"))).toBe(3);
    expect(devKeyIndex(wellKnownDevKeys[5].slice(2))).toBe(5);
    expect(devKeyIndex(`0x${"11".repeat(32)}`)).toBe(-1);
  });
});

describe("operatorKeyProblem", () => {
  const ownKey = `0x${"3c".repeat(32)}`;
  it("accepts any key with the bundled anvil", () => {
    expect(operatorKeyProblem({ operatorKey: wellKnownDevKeys[0], bundledAnvil: true, keyFromEnvironment: false })).toBeUndefined();
  });
  it("refuses a development key, set or defaulted, with an external node and says how to set a key", () => {
    const defaulted = operatorKeyProblem({ operatorKey: wellKnownDevKeys[0], bundledAnvil: false, keyFromEnvironment: false });
    expect(defaulted).toMatch(/CAPSULE_OPERATOR_KEY is not set/);
    expect(defaulted).toMatch(/randomBytes\(32\)/);
    const set = operatorKeyProblem({ operatorKey: wellKnownDevKeys[4], bundledAnvil: false, keyFromEnvironment: true });
    expect(set).toMatch(/development key #4/);
    expect(set).not.toContain(wellKnownDevKeys[4]);
  });
  it("accepts a key of one's own with an external node", () => {
    expect(operatorKeyProblem({ operatorKey: ownKey, bundledAnvil: false, keyFromEnvironment: true })).toBeUndefined();
  });
});

describe("sampleDataWanted", () => {
  it.each([
    [undefined, true, true],
    [undefined, false, false],
    ["1", false, true],
    ["0", true, false],
  ] as const)("CAPSULE_DEMO_DATA=%s, bundled anvil %s → %s", (demoData, bundledAnvil, expected) => {
    expect(sampleDataWanted({ demoData, bundledAnvil })).toBe(expected);
  });
});
