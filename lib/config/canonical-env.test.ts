import { describe, expect, it } from "vitest";
import { canonicalEnv } from "./canonical-env";
import { resolveConfig } from "./config";
import { parseServerEnv } from "./server-env";

describe("canonicalEnv", () => {
  it("hides the server's own infrastructure and every secret, and names each hidden setting", () => {
    const cfg = resolveConfig(
      parseServerEnv({
        NODE_ENV: "test",
        CAPSULE_NODE_RPC_URL: "https://eth-mainnet.g.alchemy.com/v2/Ad3k9sLk2uGqZ1xXwQpLmNoP0aBcDe",
        CAPSULE_ARCHIVE_RPC_URL: "https://archive:pw12345678@archive.example.net:8545",
        CAPSULE_TESTNET_RPC_URL: "http://testnet.example.net/?apikey=SECRETKEY123",
        CAPSULE_NODE_WS_URL: "wss://mainnet.infura.io/ws/v3/9aa3d95b3bc440fa88ea12eaa4456161",
        DATABASE_URL: "postgres://app:s3cret@db:5432/capsule",
        CAPSULE_PUBLIC_URL: "https://news.example.org",
        BOUNTY_API_URL: "http://bounty-reader:Bounty-pw-4417@bounty.internal.example:46331/?token=Bounty-token-8812",
      }),
    );
    const { env, redacted } = canonicalEnv(cfg);
    // upstream nodes, files and internal services: only that they are set
    expect(env.CAPSULE_NODE_RPC_URL).toBe("[internal]");
    expect(env.CAPSULE_ARCHIVE_RPC_URL).toBe("[internal]");
    expect(env.CAPSULE_TESTNET_RPC_URL).toBe("[internal]");
    expect(env.CAPSULE_NODE_WS_URL).toBe("[internal]");
    expect(env.CAPSULE_DATA_DIR).toBe("[internal]");
    expect(env.BOUNTY_HOST).toBe("[internal]");
    expect(env.BOUNTY_API_URL).toBe("[internal]");
    expect(env.DATABASE_URL).toBe("[redacted]");
    expect(env.CAPSULE_OPERATOR_KEY).toBe("[redacted]");
    expect(env.CAPSULE_PUBLIC_URL).toBe("https://news.example.org");
    expect(redacted.sort()).toEqual(
      [
        "BOUNTY_API_URL",
        "BOUNTY_HOST",
        "BOUNTY_PORT",
        "CAPSULE_ANVIL_PORT",
        "CAPSULE_ARCHIVE_RPC_URL",
        "CAPSULE_DATA_DIR",
        "CAPSULE_HOST",
        "CAPSULE_NODE_RPC_URL",
        "CAPSULE_NODE_WS_URL",
        "CAPSULE_OPERATOR_KEY",
        "CAPSULE_TESTNET_ANVIL_PORT",
        "CAPSULE_TESTNET_RPC_URL",
        "DATABASE_URL",
      ].sort(),
    );
    const all = JSON.stringify(env);
    for (const secret of ["Ad3k9sLk2uGqZ1xXwQpLmNoP0aBcDe", "pw12345678", "SECRETKEY123", "9aa3d95b3bc440fa88ea12eaa4456161", "s3cret", "archive.example.net", "alchemy.com", "bounty-reader", "Bounty-pw-4417", "Bounty-token-8812", "bounty.internal.example"]) {
      expect(all).not.toContain(secret);
    }
  });
});
