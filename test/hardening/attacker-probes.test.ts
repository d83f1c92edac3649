import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathOf } from "@/lib/api/request";
import { bountyEvaluations } from "@/features/bounty/evaluations.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { devKeys } from "@/test/support/anvil";
import { signedToken } from "@/test/support/bridge-client";
import { startDeskStack, type DeskStack } from "@/test/support/desk-stack";
import { rawRequest } from "@/test/registry/support/raw-http";

// Probes of the bridge as an attacker would make them from a fresh clone, on a real server on
// loopback. Each answer is a 4xx in the error shape, writes nothing and quotes no secret.

const [, ownerKey] = devKeys;

describe("attacker probes of the bridge", () => {
  let desk: DeskStack;
  let baseUrl: string;

  beforeAll(async () => {
    desk = await startDeskStack("sqlite");
    baseUrl = desk.stack.baseUrl;
  }, 300_000);

  afterAll(async () => {
    await desk?.stop();
  });

  it("answers an /api path with a trailing or repeated slash or a dot segment with 404 in the error shape, not Next's 308 redirect", async () => {
    const list = pathOf(capsuleList);
    const read = pathOf(capsuleRead, { id: 1 });
    for (const [path, named] of [
      [`${list}/`, list],
      [`${read}/`, read],
      [list.replace("/", "//"), list],
      [list.replace(/\/(?=[^/]*$)/, "//"), list],
      [`${list.slice(0, list.indexOf("/", 1))}/`, undefined],
      // dot segments, plain or percent-encoded: Next resolved them to another path, or redirected (308) to /api
      [read.replace(/\/(?=[^/]*$)/, "/./"), read],
      [`${read}/%2e%2E/1`, read],
      [`${list}/%2e%2e`, undefined],
    ] as const) {
      for (const method of ["GET", "HEAD", "POST"]) {
        const res = await rawRequest(baseUrl, { method, path, ...(method === "POST" ? { body: "{}" } : {}) });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.location, `${method} ${path}`).toBeUndefined();
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        if (method === "HEAD") continue;
        expect(res.body, `${method} ${path}`).toMatchObject({ ok: false, error: "NOT_FOUND", statusCode: 404 });
        const message = (res.body as { message: string }).message;
        if (named) expect(message).toContain(`the route is ${named}`);
        else expect(message).not.toContain("the route is");
      }
    }
  });

  it("does not follow a signed write to a trailing-slash path: 404, nothing written, the token not spent", async () => {
    const body = JSON.stringify({ slug: "slash-probe", name: "Slash Probe", domain: "slash-probe.example", metadataURI: "https://slash-probe.example/meta.json" });
    const path = pathOf(outletCreate);
    const token = await signedToken(ownerKey, outletCreate.action!, path, body);
    const slashed = await rawRequest(baseUrl, { method: "POST", path: `${path}/`, body, headers: { authorization: `Bearer ${token}` } });
    expect(slashed.status).toBe(404);
    expect(slashed.body).toMatchObject({ ok: false, error: "NOT_FOUND" });
    expect(slashed.text).not.toContain(token.slice(0, 40));
    // the same token still works once, on the path it names: the 404 consumed nothing
    const right = await rawRequest(baseUrl, { method: "POST", path, body, headers: { authorization: `Bearer ${token}` } });
    expect(right.status, right.text).not.toBe(401);
  });

  it("answers a method a feed, a page or the WebSub hub does not serve with 405 in the error shape and Allow, not Next's bare 405", async () => {
    for (const path of ["/feed.xml", "/feed.json", "/robots.txt", "/outlets", "/"]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const res = await rawRequest(baseUrl, { method, path, body: "{}" });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toBe("GET, HEAD, OPTIONS");
        expect(res.body, `${method} ${path}`).toMatchObject({ ok: false, error: "METHOD_NOT_ALLOWED", statusCode: 405 });
      }
    }
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await rawRequest(baseUrl, { method, path: "/websub" });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe("POST, OPTIONS");
      expect(res.body).toMatchObject({ ok: false, error: "METHOD_NOT_ALLOWED", statusCode: 405 });
    }
    // the hub still takes its POST: a form without its fields is the hub's own 400
    const hub = await rawRequest(baseUrl, { method: "POST", path: "/websub", body: "hub.mode=subscribe", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(hub.status).toBe(400);
    expect(hub.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR" });
    expect((await rawRequest(baseUrl, { method: "GET", path: "/feed.xml" })).status).toBe(200);
  });

  it("refuses a bounty proposalId that is not a record id with 400, not a 503 saying the bounty service is down", async () => {
    const path = pathOf(bountyEvaluations);
    // 6,000 "(" are 18,000 characters once the forwarded URL percent-encodes them: past the service's 16 KiB
    for (const proposalId of ["(".repeat(6000), "!".repeat(129), "a".repeat(129), "bp 1", "-bp", "bp/../x"]) {
      const res = await rawRequest(baseUrl, { method: "GET", path: `${path}?proposalId=${proposalId.replace(/ /g, "%20")}` });
      expect(res.status, proposalId.slice(0, 20)).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", issues: [{ path: "proposalId" }] });
    }
    for (const query of ["?proposalId=bp-2026-0001", "?proposalId=", ""]) {
      const res = await rawRequest(baseUrl, { method: "GET", path: `${path}${query}` });
      expect(res.status, query).toBe(200);
    }
  });

  it("keeps Next's 308 redirect for a page with a trailing slash", async () => {
    const res = await rawRequest(baseUrl, { method: "GET", path: "/outlets/" });
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe("/outlets");
  });
});
