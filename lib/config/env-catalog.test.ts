import { describe, expect, it } from "vitest";
import { envCatalog, redactEnvValue } from "./env-catalog";
import { serverEnvSchema } from "./server-env";

describe("env catalog", () => {
  it("lists every configuration key the server reads", () => {
    const schemaKeys = Object.keys(serverEnvSchema.shape).sort();
    expect(envCatalog.map((k) => k.name).sort()).toEqual(schemaKeys);
  });

  it("redacts secrets and credentialed URLs but shows plain values", () => {
    expect(redactEnvValue("CAPSULE_OPERATOR_KEY", "0xabc", true)).toBe("[redacted]");
    expect(redactEnvValue("DATABASE_URL", "postgres://u:p@h/db", true)).toBe("[redacted]");
    expect(redactEnvValue("CAPSULE_NODE_RPC_URL", "http://user:pw@node:8545", false)).toBe("http://[redacted]@node:8545");
    expect(redactEnvValue("CAPSULE_TESTNET_RPC_URL", "http://node.example.net/?apikey=SECRETKEY123", false)).toBe(
      "http://node.example.net/?apikey=[redacted]",
    );
    expect(redactEnvValue("CAPSULE_ARCHIVE_RPC_URL", "https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161", false)).toBe(
      "https://mainnet.infura.io/v3/[redacted]",
    );
    expect(redactEnvValue("CAPSULE_NODE_RPC_URL", "http://127.0.0.1:8545", false)).toBe("http://127.0.0.1:8545");
    expect(redactEnvValue("CAPSULE_PORT", "3000", false)).toBe("3000");
    expect(redactEnvValue("CAPSULE_PORT", undefined, false)).toBeNull();
  });
});
