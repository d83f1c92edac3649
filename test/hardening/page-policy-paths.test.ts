import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathOf } from "@/lib/api/request";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { startDeskStack, type DeskStack } from "@/test/support/desk-stack";
import { rawRequest } from "@/test/registry/support/raw-http";

// The page policy (lib/http/content-security-policy.ts) is chosen by the path Next.js routes, not the path as
// sent: a dot segment after /api, /embed, /islands or /_next/static reached a desk page without a policy (no
// frame-ancestors, scripts without a nonce), and so did the site's 404 page below /embed/:id and /islands/.

describe("the page policy follows the path a page is routed by", () => {
  let desk: DeskStack;
  let baseUrl: string;

  beforeAll(async () => {
    desk = await startDeskStack("sqlite");
    baseUrl = desk.stack.baseUrl;
  }, 300_000);

  afterAll(async () => {
    await desk?.stop();
  });

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
