import { describe, expect, it } from "vitest";
import { envCatalog, redactEnvValue } from "./env-catalog";
import { serverEnvSchema } from "./server-env";

describe("env catalog", () => {
  it("lists every configuration key the server reads", () => {
    const schemaKeys = Object.keys(serverEnvSchema.shape).sort();
    expect(envCatalog.map((k) => k.name).sort()).toEqual(schemaKeys);
  });

  it("redacts secrets, hides internal infrastructure, masks credentials in other URLs and shows plain values", () => {
    expect(redactEnvValue("CAPSULE_OPERATOR_KEY", "0xabc", true)).toBe("[redacted]");
    expect(redactEnvValue("DATABASE_URL", "postgres://u:p@h/db", true)).toBe("[redacted]");
    // a URL setting that is not internal keeps its shape, its credentials and keys masked
    expect(redactEnvValue("CAPSULE_PUBLIC_URL", "https://user:pw@news.example.org/?apikey=SECRETKEY123", false)).toBe("https://[redacted]@news.example.org/?apikey=[redacted]");
    expect(redactEnvValue("CAPSULE_PUBLIC_URL", "https://news.example.org", false)).toBe("https://news.example.org");
    // the server's own infrastructure: only that it is set
    expect(redactEnvValue("CAPSULE_NODE_RPC_URL", "http://127.0.0.1:8545", false)).toBe("[internal]");
    expect(redactEnvValue("CAPSULE_ARCHIVE_RPC_URL", "https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161", false)).toBe("[internal]");
    expect(redactEnvValue("CAPSULE_DATA_DIR", "/srv/capsule", false)).toBe("[internal]");
    // the bridge's own upstream to the bounty service: neither its address nor anything in it
    expect(redactEnvValue("BOUNTY_API_URL", "http://user:pw@bounty:8545", false)).toBe("[internal]");
    expect(redactEnvValue("BOUNTY_API_URL", "http://bounty.example.net/?apikey=SECRETKEY123", false)).toBe("[internal]");
    expect(redactEnvValue("CAPSULE_DATA_DIR", undefined, false)).toBeNull();
    expect(redactEnvValue("CAPSULE_PORT", "3000", false)).toBe("3000");
    expect(redactEnvValue("CAPSULE_PORT", undefined, false)).toBeNull();
  });
});
