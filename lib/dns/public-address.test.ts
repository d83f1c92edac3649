import { describe, expect, it } from "vitest";
import { checkFetchUrl, isPublicAddress, resolvePublic } from "./public-address";

describe("isPublicAddress", () => {
  it.each(["93.184.216.34", "1.1.1.1", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:93.184.216.34"])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "192.0.2.10",
    "198.18.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "fc12:3456::1",
    "ff02::1",
    "2001:db8::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::7f00:1",
    // IPv4-compatible (deprecated, ::/96) and the rest of what lies outside global unicast 2000::/3
    "::127.0.0.1",
    "::7f00:1",
    "::a9fe:a9fe",
    "100::1",
    "5f00::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe("checkFetchUrl", () => {
  it("accepts an https link to a public name", () => {
    const check = checkFetchUrl(" https://Archive.Example.org/report.pdf?x=1 ");
    expect(check).toMatchObject({ ok: true, host: "archive.example.org" });
  });

  it.each([
    ["http://example.org/a", "only https links can be fetched"],
    ["ftp://example.org/a", "only https links can be fetched"],
    ["https://user:pw@example.org/a", "links with a user name or password are not fetched"],
    ["https://example.org:8443/a", "links with a port number are not fetched"],
    ["https://127.0.0.1/a", "IP addresses are not allowed; use a DNS name"],
    ["https://[::1]/a", "IP addresses are not allowed; use a DNS name"],
    ["https://localhost/a", "localhost is not a public domain"],
    ["https://intranet/a", "single-label names are not allowed; use a fully qualified domain"],
    ["https://printer.local/a", "names under .local are internal and cannot be verified"],
    ["https://db.internal/a", "names under .internal are internal and cannot be verified"],
    ["not a link", "it is not a web address"],
  ])("refuses %s", (input, reason) => {
    expect(checkFetchUrl(input)).toEqual({ ok: false, reason });
  });
});

describe("resolvePublic", () => {
  it("answers the addresses when every one is public", async () => {
    expect(await resolvePublic("example.org", async () => ["93.184.216.34", "2606:2800:220:1::1"])).toEqual({ ok: true, addresses: ["93.184.216.34", "2606:2800:220:1::1"] });
  });

  it("refuses a name with any private answer (a rebinding name mixes both)", async () => {
    expect(await resolvePublic("mixed.example.org", async () => ["93.184.216.34", "10.0.0.5"])).toEqual({
      ok: false,
      reason: "mixed.example.org points to a private or reserved address, which the bridge does not fetch",
    });
  });

  it("refuses names that do not resolve or have no address", async () => {
    expect(await resolvePublic("gone.example.org", async () => Promise.reject(new Error("ENOTFOUND")))).toEqual({ ok: false, reason: "gone.example.org could not be resolved" });
    expect(await resolvePublic("empty.example.org", async () => [])).toEqual({ ok: false, reason: "empty.example.org has no address" });
  });

  it("takes another address rule only when one is passed (tests with a loopback server)", async () => {
    expect(await resolvePublic("test.example.org", async () => ["127.0.0.1"], (address) => address === "127.0.0.1")).toEqual({ ok: true, addresses: ["127.0.0.1"] });
    expect((await resolvePublic("test.example.org", async () => ["127.0.0.1"])).ok).toBe(false);
  });
});
