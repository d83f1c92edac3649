import { describe, expect, it } from "vitest";
import { isKeyLike, redactUrl, redactUrlsInText, urlSecretParts } from "./url-redaction";

// Realistic provider URLs (keys made up, shapes as the providers document them).
const providers: Array<[string, string, string]> = [
  ["Infura HTTPS", "https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161", "https://mainnet.infura.io/v3/[redacted]"],
  ["Infura WebSocket", "wss://mainnet.infura.io/ws/v3/9aa3d95b3bc440fa88ea12eaa4456161", "wss://mainnet.infura.io/ws/v3/[redacted]"],
  [
    "Infura with project secret",
    "https://2Hm7kW3pQ:9f8e7d6c5b4a39281706f5e4d3c2b1a0@mainnet.infura.io/v3/2Hm7kW3pQ",
    "https://[redacted]@mainnet.infura.io/v3/[redacted]",
  ],
  ["Alchemy HTTPS", "https://eth-mainnet.g.alchemy.com/v2/Ad3k-9sLk_2uGqZ1xXwQpLmNoP0aBcDe", "https://eth-mainnet.g.alchemy.com/v2/[redacted]"],
  ["Alchemy short key after /v2/", "https://eth-sepolia.g.alchemy.com/v2/abcdefgh", "https://eth-sepolia.g.alchemy.com/v2/[redacted]"],
  ["Alchemy WebSocket", "wss://eth-mainnet.g.alchemy.com/v2/Ad3k9sLk2uGqZ1xXwQpLmNoP0aBcDe", "wss://eth-mainnet.g.alchemy.com/v2/[redacted]"],
  [
    "QuickNode token path",
    "https://dry-wispy-moon.quiknode.pro/4f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c/",
    "https://dry-wispy-moon.quiknode.pro/[redacted]/",
  ],
  [
    "Ankr premium",
    "https://rpc.ankr.com/eth/0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d",
    "https://rpc.ankr.com/eth/[redacted]",
  ],
  ["Chainstack", "https://nd-123-456-789.p2pify.com/8d3a1c5e7f9b2d4a6c8e0f1a3b5c7d9e", "https://nd-123-456-789.p2pify.com/[redacted]"],
  ["Blast UUID", "https://eth-mainnet.blastapi.io/3f9c0b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "https://eth-mainnet.blastapi.io/[redacted]"],
  ["Pokt portal", "https://eth-mainnet.gateway.pokt.network/v1/lb/62b3314e123e6f00397f19ca", "https://eth-mainnet.gateway.pokt.network/v1/lb/[redacted]"],
  ["GetBlock", "https://go.getblock.io/a1b2c3d4e5f60718293a4b5c6d7e8f90", "https://go.getblock.io/[redacted]"],
  ["Tenderly gateway", "https://mainnet.gateway.tenderly.co/6LsX2kQ1dPqR7tYvW9zA3b", "https://mainnet.gateway.tenderly.co/[redacted]"],
  ["dRPC key in the query", "https://lb.drpc.org/ogrpc?network=ethereum&dkey=Ak80gSCleU1Frwnafb5Ka4VRKGAHTlER8Kj", "https://lb.drpc.org/ogrpc?network=[redacted]&dkey=[redacted]"],
  ["apikey query (the review's example)", "http://node.example.net:8545/?apikey=SECRETKEY123", "http://node.example.net:8545/?apikey=[redacted]"],
  ["Etherscan-style API", "https://api.etherscan.io/api?module=proxy&action=eth_blockNumber&apikey=YourApiKeyToken", "https://api.etherscan.io/api?module=[redacted]&action=[redacted]&apikey=[redacted]"],
  ["basic auth on a private node", "http://rpcuser:hunter2hunter2@10.0.0.5:8545", "http://[redacted]@10.0.0.5:8545"],
  ["token-only userinfo", "https://ghp_8Hq2x@node.example.org/rpc", "https://[redacted]@node.example.org/rpc"],
  ["fragment", "https://node.example.org/rpc#token=abc", "https://node.example.org/rpc#[redacted]"],
  ["short bare query token", "https://node.example.org/rpc?k9x2", "https://node.example.org/rpc?[redacted]"],
  ["bare query item beside named ones", "https://node.example.org/rpc?chain=1&tok3n", "https://node.example.org/rpc?chain=[redacted]&[redacted]"],
  ["postgres credentials", "postgres://app:s3cret@db.internal:5432/capsule", "postgres://[redacted]@db.internal:5432/capsule"],
];

const untouched = [
  "http://127.0.0.1:8545",
  "ws://127.0.0.1:8545",
  "https://rpc.example.org/mainnet",
  "http://node.internal:8545/ethereum-mainnet-archive",
  "https://news.example.org",
  "https://eth-mainnet.g.alchemy.com/v2/demo",
];

describe("redactUrl", () => {
  it.each(providers)("%s", (_name, url, expected) => {
    const shown = redactUrl(url);
    expect(shown).toBe(expected);
  });

  it.each(untouched)("leaves %s as it is", (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it("never shows the secret part of any provider URL", () => {
    for (const [, url] of providers) {
      const secrets = url.match(/[0-9a-fA-F]{16,}|Ad3k[\w-]+|SECRETKEY123|hunter2hunter2|s3cret|ghp_8Hq2x|Ak80g\w+|6LsX\w+|2Hm7kW3pQ|YourApiKeyToken/g) ?? [];
      for (const secret of secrets) expect(redactUrl(url)).not.toContain(secret);
    }
  });

  it("returns text that is not an absolute URL unchanged", () => {
    expect(redactUrl("3000")).toBe("3000");
    expect(redactUrl("/rpc")).toBe("/rpc");
  });
});

describe("urlSecretParts", () => {
  it("lists a bare query item as a secret part, as redactUrl masks it", () => {
    expect(urlSecretParts("https://node.example.org/rpc?chain=1&s3cr3tbare")).toEqual(["1", "s3cr3tbare"]);
  });
});

describe("isKeyLike", () => {
  it.each([
    ["9aa3d95b3bc440fa88ea12eaa4456161", true],
    ["3f9c0b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", true],
    ["Ad3k9sLk2uGqZ1xXwQpLmNoP0aBcDe", true],
    ["ethereum-mainnet-archive", false],
    ["mainnet", false],
    ["v3", false],
  ])("%s → %s", (segment, expected) => {
    expect(isKeyLike(segment)).toBe(expected);
  });
});

describe("redactUrlsInText", () => {
  it("masks URLs inside log lines and error messages", () => {
    const line = JSON.stringify({ message: "fetch failed for https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161 (timeout)" });
    const out = redactUrlsInText(line);
    expect(out).not.toContain("9aa3d95b3bc440fa88ea12eaa4456161");
    expect(out).toContain("https://mainnet.infura.io/v3/[redacted]");
  });
});
