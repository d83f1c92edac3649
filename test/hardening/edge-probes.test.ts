import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathOf } from "@/lib/api/request";
import { bountyEvaluations } from "@/features/bounty/evaluations.endpoint";
import { bountyToken } from "@/features/bounty/token.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletRead } from "@/features/outlets/read.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type DeskStack } from "@/test/support/desk-stack";
import { deployTestToken } from "@/test/support/test-token";
import { rawRequest } from "@/test/registry/support/raw-http";

// Probes of the running system as an attacker or a careless client would make them: unusual methods on pages, a
// bounty that does not exist, a reward token that is not 18 decimals, an outlet domain that looks like another, a page
// reached through a dot segment.

const [, ownerKey, tokenKey] = devKeys;

describe("edge probes of pages, page policies, bounties, reward tokens and outlet domains", () => {
  let desk: DeskStack;
  let baseUrl: string;

  beforeAll(async () => {
    desk = await startDeskStack("sqlite");
    baseUrl = desk.stack.baseUrl;
  }, 300_000);

  afterAll(async () => {
    await desk?.stop();
  });

  it("answers OPTIONS on a page with 204 and Allow, and PROPFIND, TRACE or a write with 405 in the error shape, never echoing the request", async () => {
    for (const path of ["/", "/outlets", "/bounties", "/feed.xml", "/favicon.ico", "/no-such-page"]) {
      const options = await rawRequest(baseUrl, { method: "OPTIONS", path });
      expect(options.status, `OPTIONS ${path}`).toBe(204);
      expect(options.headers.allow, `OPTIONS ${path}`).toBe("GET, HEAD, OPTIONS");
      expect(options.text).toBe("");
      for (const method of ["PROPFIND", "TRACE", "POST", "DELETE"]) {
        const res = await rawRequest(baseUrl, { method, path, headers: { accept: "application/json", "x-probe-secret": "echo-me-not" } });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toBe("GET, HEAD, OPTIONS");
        expect(res.headers["content-type"], `${method} ${path}`).toMatch(/^application\/json/);
        expect(res.body, `${method} ${path}`).toMatchObject({ ok: false, error: "METHOD_NOT_ALLOWED", statusCode: 405 });
        expect(res.text).not.toContain("echo-me-not");
      }
    }
    // the hub keeps its own methods, and the bridge's OPTIONS is its own
    const hub = await rawRequest(baseUrl, { method: "OPTIONS", path: "/websub" });
    expect(hub.status).toBeLessThan(300);
    expect((await rawRequest(baseUrl, { method: "GET", path: "/outlets" })).status).toBe(200);
    const api = await rawRequest(baseUrl, { method: "OPTIONS", path: pathOf(outletCreate) });
    expect(api.status).toBe(204);
    expect(api.headers.allow).toContain("POST");
  });

  it("answers the evaluations filtered on a proposal that does not exist with an empty page, not BOUNTY_SERVICE_UNREACHABLE", async () => {
    const path = pathOf(bountyEvaluations);
    const missing = await rawRequest(baseUrl, { method: "GET", path: `${path}?proposalId=bp-2099-0404` });
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ items: [], limit: 25, offset: 0 });
    const known = await rawRequest(baseUrl, { method: "GET", path: `${path}?proposalId=bp-2026-0001` });
    expect(known.status).toBe(200);
    // the service itself answers the same page
    const direct = await fetch(`${desk.stack.bountyUrl}/v1/bounty-evaluations?proposalId=bp-2099-0404`);
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual({ items: [], limit: 25, offset: 0 });
  });

  it("reads a reward token's decimals and symbol on chain: a 6-decimal ERC-20 says 6, an address without code says nothing", async () => {
    const address = await deployTestToken(desk.stack.nodeRpcUrl, tokenKey, { name: "Test Dollar", symbol: "TUSD", decimals: 6, supply: 10n ** 12n });
    const token = await rawRequest(baseUrl, { method: "GET", path: pathOf(bountyToken, { address: address.toLowerCase() }) });
    expect(token.status, token.text).toBe(200);
    expect(token.body).toEqual({ address: getAddress(address), contract: true, decimals: 6, symbol: "TUSD" });
    const empty = "0x231199d4f8b701d60b3cf57528df3a8c16d61ab2";
    const silent = await rawRequest(baseUrl, { method: "GET", path: pathOf(bountyToken, { address: empty }) });
    expect(silent.status, silent.text).toBe(200);
    expect(silent.body).toMatchObject({ contract: false, decimals: null, symbol: null });
    const bad = await rawRequest(baseUrl, { method: "GET", path: pathOf(bountyToken, { address: "0x1234" }) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR" });
  });

  it("refuses an outlet domain whose xn-- label mixes scripts with 400, and keeps a whole-script one as it really is", async () => {
    // xn--pple-43d.com is "аpple.com" with a Cyrillic "а"; xn--80ak6aa92e.com is "аррӏе.com", all Cyrillic
    const mixed = await desk.api.send(outletCreate, { body: { slug: "apple-lookalike", name: "Apple Lookalike", domain: "xn--pple-43d.com" } }, ownerKey);
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(400);
    expect(mixed.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", issues: [{ path: "domain" }] });
    expect(JSON.stringify(mixed.body)).toContain("mixes Cyrillic and Latin letters");
    const broken = await desk.api.send(outletCreate, { body: { slug: "broken-idn", name: "Broken IDN", domain: "xn--99999999999.example.org" } }, ownerKey);
    expect(broken.status).toBe(400);
    expect(JSON.stringify(broken.body)).toContain("not a valid internationalised label");

    const domain = "xn--80ak6aa92e.com";
    const created = await desk.api.send(outletCreate, { body: { slug: "cyrillic-desk", name: "Cyrillic Desk", domain } }, ownerKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    desk.dns.set(domain, { txt: [String((created.body as { txtRecord: { value: string } }).txtRecord.value)] });
    const verified = await desk.api.send(outletVerify, { body: { outletSlug: "cyrillic-desk", method: "dns_txt" } }, ownerKey);
    expect(verified.body).toMatchObject({ ok: true, verified: true });
    const read = await rawRequest(baseUrl, { method: "GET", path: pathOf(outletRead, { slug: "cyrillic-desk" }) });
    expect(read.body).toMatchObject({ outlet: { domain } });
  });

  // The page policy (lib/http/content-security-policy.ts) is chosen by the path Next.js routes, not the path as sent: a
  // dot segment after /api, /embed, /islands or /_next/static reached a desk page without a policy (no frame-ancestors,
  // scripts without a nonce), and so did the site's 404 page below /embed/:id and /islands/.
  const expectPagePolicy = (path: string, res: Awaited<ReturnType<typeof rawRequest>>) => {
    expect(res.headers["content-type"], path).toMatch(/^text\/html/);
    const policy = String(res.headers["content-security-policy"] ?? "");
    expect(policy, path).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce, path).toBeTruthy();
    // the page's own scripts carry the nonce of the policy it was sent with
    expect(res.text, path).toContain(`nonce="${nonce}"`);
  };

  it("sends the page policy with a page reached through a dot segment after a path that takes none", async () => {
    const list = pathOf(capsuleList);
    const api = list.slice(0, list.indexOf("/", 1)); // the API's first segment
    for (const path of [
      "/embed/../outlets",
      "/embed/%2e%2e/outlets",
      `${api}/../outlets`,
      `${api}/%2E%2e/outlets`,
      `${list}/../../outlets`,
      "/islands/../outlets",
      "/_next/static/%2e%2e/%2e%2e/outlets",
      // longer than the part of a path the server logs
      `${api}/${"a".repeat(300)}/../../outlets`,
    ]) {
      const res = await rawRequest(baseUrl, { method: "GET", path });
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain("<title>Outlets · Capsule</title>");
      expectPagePolicy(path, res);
    }
  });

  it("sends the page policy with the 404 page below /embed/:id and under /islands/", async () => {
    for (const path of ["/embed/1/more", "/embed/1/", "/islands/missing.js"]) {
      const res = await rawRequest(baseUrl, { method: "GET", path });
      if (res.status === 308) continue; // Next's trailing-slash redirect, no page
      expect(res.status, path).toBe(404);
      expectPagePolicy(path, res);
    }
  });

  it("leaves /embed/:id its own policy, which any site may frame, and serves the islands' script", async () => {
    const embed = await rawRequest(baseUrl, { method: "GET", path: "/embed/1" });
    expect(embed.status).toBe(404);
    expect(embed.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *");
    const script = await rawRequest(baseUrl, { method: "GET", path: "/islands/reader.js" });
    expect(script.status).toBe(200);
    expect(script.headers["content-type"]).toMatch(/javascript/);
  });
});
