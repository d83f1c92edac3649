import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkTxtRecord } from "@/lib/dns/txt-verification";
import { startTestDns } from "./dns-server.test-support";

// Outlet domain verification against a real DNS server on loopback: a record that nearly matches is
// reported as what it is (which record, at which name, why it does not match), never as "no record".

const TOKEN = "ab".repeat(32);
const OLD = "cd".repeat(32);
const EXPECTED = `capsule-verification=${TOKEN}`;
let dns: Awaited<ReturnType<typeof startTestDns>>;
const check = (domain: string) => checkTxtRecord(domain, TOKEN, { servers: dns.server, timeoutMs: 1_000 });

beforeAll(async () => {
  dns = await startTestDns();
});
afterAll(() => dns.close());

describe("checkTxtRecord on a near miss", () => {
  it("names an old token at the right name, without quoting the old token whole", async () => {
    dns.set("old.example.org", { txt: ["v=spf1 -all", `capsule-verification=${OLD}`] });
    const result = await check("old.example.org");
    expect(result.reason).toBe("wrong_token");
    expect(result.message).toBe(`Found a TXT record at old.example.org but its value does not match: it holds capsule-verification=cdcdcdcd… (another token, perhaps an old one); expected ${EXPECTED}`);
    expect(result.message).not.toContain(OLD);
  });

  it("names a record that holds the token but is spelled otherwise", async () => {
    dns.set("spelled.example.org", { txt: [`capsule-verify=${TOKEN}`] });
    const result = await check("spelled.example.org");
    expect(result.reason).toBe("wrong_value");
    expect(result.message).toBe(`Found a TXT record at spelled.example.org but its value does not match: it reads "capsule-verify=${TOKEN}"; expected exactly ${EXPECTED}`);
  });

  it("names a record meant for the check with neither the prefix nor the token right", async () => {
    dns.set("typo.example.org", { txt: ["Capsule-Verification: pending"] });
    const result = await check("typo.example.org");
    expect(result.reason).toBe("wrong_value");
    expect(result.message).toContain('it reads "Capsule-Verification: pending"');
  });

  it("finds the record published under a prefix instead of at the domain", async () => {
    dns.set("_capsule.prefixed.example.org", { txt: [EXPECTED] });
    const result = await check("prefixed.example.org");
    expect(result).toEqual({
      verified: false,
      reason: "wrong_name",
      message: `No matching TXT record at prefixed.example.org, but this outlet's record was found at _capsule.prefixed.example.org: publish ${EXPECTED} at prefixed.example.org itself`,
    });
  });

  it("finds the record at www when the domain has other TXT records", async () => {
    dns.set("shop.example.org", { txt: ["v=spf1 -all"] });
    dns.set("www.shop.example.org", { txt: [`capsule-verification=${OLD}`] });
    const result = await check("shop.example.org");
    expect(result.reason).toBe("wrong_name");
    expect(result.message).toContain("a capsule-verification= record that does not match either was found at www.shop.example.org");
  });

  it("still says no record when nothing meant for the check exists anywhere near", async () => {
    dns.set("plain.example.org", { txt: ["v=spf1 -all", "google-site-verification=xyz"] });
    expect(await check("plain.example.org")).toMatchObject({ reason: "no_record", message: `No capsule-verification= TXT record found on plain.example.org; publish ${EXPECTED}` });
    expect(await check("nothing.example.org")).toMatchObject({ reason: "no_record", message: `No TXT record found on nothing.example.org; publish ${EXPECTED}` });
  });

  it("verifies the exact record", async () => {
    dns.set("good.example.org", { txt: ["v=spf1 -all", EXPECTED] });
    expect(await check("good.example.org")).toMatchObject({ verified: true, reason: null });
  });
});
