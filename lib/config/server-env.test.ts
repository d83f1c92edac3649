import { describe, expect, it } from "vitest";
import { parseServerEnv, serverEnvSchema } from "./server-env";

describe("CAPSULE_CHAIN_ID", () => {
  it("defaults to and accepts the chain id the signed tokens name", () => {
    expect(serverEnvSchema.parse({}).CAPSULE_CHAIN_ID).toBe(77117002);
    expect(serverEnvSchema.parse({ CAPSULE_CHAIN_ID: "77117002" }).CAPSULE_CHAIN_ID).toBe(77117002);
  });

  it("refuses another chain id, saying which one Capsule runs on", () => {
    const parsed = serverEnvSchema.safeParse({ CAPSULE_CHAIN_ID: "31337" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ["CAPSULE_CHAIN_ID"], message: expect.stringMatching(/runs on chain id 77117002/) })]);
  });
});

describe("parseServerEnv", () => {
  it("names each setting it refuses with the rule broken, never the value given", () => {
    const secret = `0x${"ab".repeat(31)}`;
    let message = "";
    try {
      parseServerEnv({ NODE_ENV: "production", CAPSULE_CHAIN_ID: "31337", CAPSULE_OPERATOR_KEY: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/CAPSULE_CHAIN_ID \(Capsule runs on chain id 77117002/);
    expect(message).toMatch(/CAPSULE_OPERATOR_KEY \(/);
    expect(message).not.toContain(secret);
    expect(message).not.toContain("31337");
  });
});
