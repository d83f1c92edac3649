import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathOf } from "@/lib/api/request";
import { authCheck } from "@/lib/auth/check.endpoint";
import { capsuleBadge } from "@/features/reader/badge.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { DRAFT_READ_ACTION } from "@/lib/endpoints/define";
import { config as configEndpoint } from "@/features/system/config.endpoint";
import { devKeys } from "@/test/support/anvil";
import { signedToken } from "@/test/support/bridge-client";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { activeOutlet, courtChain, expectError, finalizedCapsule, type Api, type Json } from "@/features/court/court.test-support";
import { rawRequest } from "@/test/registry/support/raw-http";

// Issue 25, items 3, 4 and 6. Publicly cacheable answers carry links of the configured origins only,
// whatever Host a request names (here the loopback origins: the stack has no CAPSULE_PUBLIC_URL);
// a published capsule's contentURI is its reader page. Action tokens bind the query string. A
// signed read sent as HEAD is checked like its GET.

const dialects = await dialectsUnderTest();
const [, ownerKey, , journalistKey] = devKeys;
const SLUG = "edge-links";
const EVIL = "evil.example";

describe.each(dialects)("host-derived links and token binding on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let published = "";
  let draftId = "";
  let origin = "";
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(stack.baseUrl, { method: "GET", path, headers: { host: EVIL, ...headers } });

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000", CAPSULE_RATE_AUTH_FAILURES_PER_MIN: "1000" } }));
    origin = new URL(stack.baseUrl).origin;
    const chain = courtChain(stack, await deployedContracts(api, "integrityCourt"));
    await chain.deposit(ownerKey, "1000");
    await activeOutlet(api, dns, ownerKey, SLUG);
    published = (await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title: "Harbour tunnel opens", category: "city" })).capsuleId;
    const draft = await api.send(capsuleCreate, { body: { title: "Edge draft", body: "Not submitted.", outletSlug: SLUG, status: "draft" } }, ownerKey);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    draftId = draft.body.capsuleId;
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  it("the stack under test is bound to loopback and links to it", () => {
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("never puts a spoofed Host into the links of publicly cacheable answers", async () => {
    const answers = {
      feed: await get("/feed.xml"),
      outletFeed: await get(`/outlets/${SLUG}/feed.xml`),
      embed: await get(`/embed/${published}`),
      badge: await get(pathOf(capsuleBadge, { id: published })),
      read: await get(pathOf(capsuleRead, { id: published })),
      page: await get(`/read/${published}`),
      config: await get(pathOf(configEndpoint)),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBe(200);
      expect(answer.text, name).not.toContain(EVIL);
      expect(answer.text, name).toContain(origin);
    }
    // the same with a spoofed forwarded host (no proxy is trusted here) and a spoofed host on the server's port
    const spoofs: Array<Record<string, string>> = [{ "x-forwarded-host": EVIL, "x-forwarded-proto": "https" }, { host: `${EVIL}:${new URL(origin).port}` }];
    for (const headers of spoofs) {
      const feed = await get("/feed.xml", headers);
      expect(feed.text).not.toContain(EVIL);
      expect(feed.text).toContain(origin);
    }
    expect((answers.config.body as Json).rpcUrl).toBe(`${origin}/rpc`);
    expect(answers.page.text).toContain(`<link rel="canonical" href="${origin}/read/${published}"/>`);
    expect(answers.page.text).toContain(`<meta property="og:url" content="${origin}/read/${published}"/>`);
    expect(answers.feed.headers["cache-control"]).toMatch(/public/);
  });

  it("links to the loopback origin a request came to when it is one the server accepts", async () => {
    const localhost = `localhost:${new URL(origin).port}`;
    const config = await get(pathOf(configEndpoint), { host: localhost });
    expect((config.body as Json).rpcUrl).toBe(`http://${localhost}/rpc`);
  });

  it("gives a published capsule the reader page as contentURI, a draft the desk page", async () => {
    const read = await api.send(capsuleRead, { params: { id: published } });
    expect(read.body.content.contentURI).toBe(`${origin}/read/${published}`);
    const page = await fetch(read.body.content.contentURI);
    expect(page.status).toBe(200);
    const draft = await api.send(capsuleRead, { params: { id: draftId } }, ownerKey);
    expect(draft.body.content.contentURI).toBe(`${origin}/capsules/${draftId}`);
  });

  it("binds a write token to the query string: a token for /api/auth/check is refused on /api/auth/check?x=1", async () => {
    const path = pathOf(authCheck);
    const body = "{}";
    const plain = await signedToken(journalistKey, authCheck.action, path, body);
    expectError(await api.raw("POST", `${path}?x=1`, { body, token: plain }), 401, "UNAUTHORIZED", "Action token does not match the request path");
    // the refused token was not spent: it still serves the request it was signed for
    expect((await api.raw("POST", path, { body, token: plain })).status).toBe(200);
    const withQuery = await signedToken(journalistKey, authCheck.action, `${path}?x=1`, body);
    expectError(await api.raw("POST", path, { body, token: withQuery }), 401, "UNAUTHORIZED", "Action token does not match the request path");
    expectError(await api.raw("POST", `${path}?x=2`, { body, token: withQuery }), 401, "UNAUTHORIZED", "Action token does not match the request path");
    const accepted = await api.raw<Json>("POST", `${path}?x=1`, { body, token: withQuery });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it("binds a signed read to its query string, and the typed client signs the query it sends", async () => {
    const query = `?status=draft&outlet=${SLUG}`;
    const path = pathOf(capsuleList);
    const bare = await signedToken(ownerKey, DRAFT_READ_ACTION, path, undefined, "GET");
    expectError(await api.raw("GET", `${path}${query}`, { token: bare }), 401, "UNAUTHORIZED", "Action token does not match the request path");
    const bound = await signedToken(ownerKey, DRAFT_READ_ACTION, `${path}${query}`, undefined, "GET");
    const signed = await api.raw<Json>("GET", `${path}${query}`, { token: bound });
    expect(signed.status).toBe(200);
    expect(signed.body.items.map((item: Json) => item.id)).toContain(draftId);
    const client = await api.send(capsuleList, { query: { status: "draft", outlet: SLUG } }, ownerKey);
    expect(client.status, JSON.stringify(client.body)).toBe(200);
    expect(client.body.items.map((item: Json) => item.id)).toContain(draftId);
  });

  it("answers a signed read sent as HEAD like its GET", async () => {
    const path = pathOf(capsuleRead, { id: draftId });
    const anonymous = await rawRequest(stack.baseUrl, { method: "HEAD", path });
    expect(anonymous.status).toBe(404);
    const head = await rawRequest(stack.baseUrl, { method: "HEAD", path, headers: { authorization: `Bearer ${await signedToken(ownerKey, DRAFT_READ_ACTION, path, undefined, "GET")}` } });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers["cache-control"]).toBe("private, no-store");
    const headSigned = await rawRequest(stack.baseUrl, { method: "HEAD", path, headers: { authorization: `Bearer ${await signedToken(ownerKey, DRAFT_READ_ACTION, path, undefined, "HEAD")}` } });
    expect(headSigned.status).toBe(200);
    // a HEAD token does not serve a GET, nor a POST token a HEAD
    const headOnly = await signedToken(ownerKey, DRAFT_READ_ACTION, path, undefined, "HEAD");
    expectError(await api.raw("GET", path, { token: headOnly }), 401, "UNAUTHORIZED", "Action token does not match the request method");
    const post = await rawRequest(stack.baseUrl, { method: "HEAD", path, headers: { authorization: `Bearer ${await signedToken(ownerKey, DRAFT_READ_ACTION, path, undefined, "POST")}` } });
    expect(post.status).toBe(401);
  });
});
