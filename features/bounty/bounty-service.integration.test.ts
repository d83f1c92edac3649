import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BountyService } from "@/bounty/server";
import { BountyClientError, fetchBountyEvaluations, fetchBountyHealth, fetchBountyProposals } from "@/features/bounty/client";
import { bountyEvaluationPageSchema, bountyProposalPageSchema } from "@/features/bounty/bounty.schema";
import {
  getJson,
  loadGenerated,
  postgresBackend,
  postgresUnderTest,
  send,
  sendRaw,
  sqliteBackend,
  startService,
  type Backend,
} from "./bounty.test-support";

// The bounty read service over real HTTP, one suite per database: SQLite always, PostgreSQL when
// 127.0.0.1:5432 answers (a fresh database per run, dropped afterwards).

const PROPOSALS = 237;
const EVALUATIONS = 61;

const backends: Array<{ name: string; make: () => Promise<Backend> }> = [{ name: "sqlite", make: () => sqliteBackend() }];
if (await postgresUnderTest()) backends.push({ name: "postgres", make: () => postgresBackend() });
else console.warn("bounty tests: PostgreSQL at 127.0.0.1:5432 is not reachable; running the SQLite suite only");

const byOrder = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  Number(a.createdAt) - Number(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe.each(backends)("bounty read service on $name", ({ make }) => {
  let backend: Backend;
  let service: BountyService;
  let url: string;
  let expectedProposalIds: string[];
  let expectedEvaluationIds: string[];

  beforeAll(async () => {
    backend = await make();
    const data = await loadGenerated(backend, PROPOSALS, EVALUATIONS);
    expectedProposalIds = [...data.proposals].map((p) => ({ ...p, createdAt: String(p.createdAt) })).sort(byOrder).map((p) => p.id);
    expectedEvaluationIds = [...data.evaluations].sort(byOrder).map((e) => e.id);
    service = await startService(backend.location);
    url = service.url;
  });

  afterAll(async () => {
    await service?.close();
    await backend?.dispose();
  });

  it("GET /health reports the state it read", async () => {
    const { status, body, headers } = await getJson(url, "/health");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(body).toEqual({ status: "ok", service: "capsule-bounty", proposals: PROPOSALS, evaluations: EVALUATIONS });
  });

  it("lists proposals with the defaults limit 25, offset 0, as valid records", async () => {
    const { status, body } = await getJson(url, "/v1/bounty-proposals");
    expect(status).toBe(200);
    expect(body.limit).toBe(25);
    expect(body.offset).toBe(0);
    expect(body.items.map((p: { id: string }) => p.id)).toEqual(expectedProposalIds.slice(0, 25));
    const page = bountyProposalPageSchema.parse(body);
    const first = page.items[0]!;
    expect(first.proposer).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(first.rewardAmount).toBe("10000000000000000000");
    expect(first.createdAt).toBe("1793577600");
    expect(first.updatedAt).toBe("1793577630");
    expect(Object.keys(first).sort()).toEqual(
      ["capsuleId", "createdAt", "id", "outletSlug", "proposer", "rewardAmount", "rewardToken", "sample", "status", "summary", "title", "updatedAt"].sort(),
    );
    expect(first.sample).toBe(false);
  });

  it.each([
    ["limit=0", 1, 0],
    ["limit=-5", 1, 0],
    ["limit=1", 1, 0],
    ["limit=100", 100, 0],
    ["limit=101", 100, 0],
    ["limit=1000", 100, 0],
    ["limit=99999999999999999999999", 100, 0],
    ["limit=abc", 25, 0],
    ["limit=1.5", 25, 0],
    ["limit=", 25, 0],
    ["limit=%20", 25, 0],
    ["limit=10&limit=50", 10, 0],
    ["offset=-5", 25, 0],
    ["offset=abc", 25, 0],
    ["offset=2.5", 25, 0],
    ["offset=", 25, 0],
    ["offset=7", 25, 7],
    ["limit=3&offset=236", 3, 236],
    ["limit=3&offset=237", 3, 237],
    ["limit=3&offset=100000", 3, 100000],
    ["limit=3&offset=99999999999999999999999", 3, Number.MAX_SAFE_INTEGER],
  ])("applies and echoes the bounds for ?%s", async (query, limit, offset) => {
    const { status, body } = await getJson(url, `/v1/bounty-proposals?${query}`);
    expect(status).toBe(200);
    expect(body.limit).toBe(limit);
    expect(body.offset).toBe(offset);
    expect(body.items.map((p: { id: string }) => p.id)).toEqual(expectedProposalIds.slice(offset, offset + limit));
  });

  it.each([1, 7, 25, 100])("an offset walk with limit %i sees every proposal exactly once, the last page shorter", async (limit) => {
    const seen: string[] = [];
    let offset = 0;
    let pages = 0;
    for (;;) {
      const { status, body } = await getJson(url, `/v1/bounty-proposals?limit=${limit}&offset=${offset}`);
      expect(status).toBe(200);
      pages += 1;
      seen.push(...body.items.map((p: { id: string }) => p.id));
      if (body.items.length < limit) break;
      expect(body.items).toHaveLength(limit);
      offset += limit;
    }
    expect(seen).toEqual(expectedProposalIds);
    expect(new Set(seen).size).toBe(PROPOSALS);
    expect(pages).toBe(Math.floor(PROPOSALS / limit) + 1);
  });

  it("pages evaluations in a stable order and filters them by proposal", async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 20) {
      const { status, body } = await getJson(url, `/v1/bounty-evaluations?limit=20&offset=${offset}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ limit: 20, offset });
      bountyEvaluationPageSchema.parse(body);
      seen.push(...body.items.map((e: { id: string }) => e.id));
      if (body.items.length < 20) break;
    }
    expect(seen).toEqual(expectedEvaluationIds);

    const defaults = await getJson(url, "/v1/bounty-evaluations?limit=1000&offset=-1");
    expect(defaults.body.limit).toBe(100);
    expect(defaults.body.offset).toBe(0);
    expect(defaults.body.items).toHaveLength(EVALUATIONS);

    const filtered = await getJson(url, "/v1/bounty-evaluations?proposalId=bp-test-0003&limit=100");
    expect(filtered.status).toBe(200);
    expect(filtered.body.items.length).toBeGreaterThan(0);
    expect(filtered.body.items.every((e: { proposalId: string }) => e.proposalId === "bp-test-0003")).toBe(true);
    const none = await getJson(url, "/v1/bounty-evaluations?proposalId=bp-does-not-exist");
    expect(none.body).toEqual({ items: [], limit: 25, offset: 0 });
  });

  it("HEAD answers like GET without a body", async () => {
    for (const path of ["/health", "/v1/bounty-proposals?limit=5", "/v1/bounty-evaluations", "/nowhere"]) {
      const get = await send(url, "GET", path);
      const head = await send(url, "HEAD", path);
      expect(head.status).toBe(get.status);
      expect(head.text).toBe("");
      expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
      expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(get.text)));
    }
  });

  it("answers unknown paths with 404 not_found", async () => {
    for (const path of ["/", "/v1", "/v1/bounty-proposals/bp-test-0001", "/v2/bounty-proposals", "/health/", "/V1/BOUNTY-PROPOSALS", "/constructor", "/__proto__"]) {
      const { status, body, headers } = await getJson(url, path);
      expect(status, path).toBe(404);
      expect(body.error.code).toBe("not_found");
      expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
  });

  it("matches paths exactly as sent: a dot segment or a backslash is 404 not_found, never another route", async () => {
    expect((await sendRaw(url, "GET http://bounty/health HTTP/1.1\r\nHost: bounty\r\nConnection: close\r\n\r\n")).status).toBe(200);
    for (const target of ["/v1/../health", "/v1/%2e%2e/health", "/./health", "/v1\\bounty-proposals", "/x/../v1/bounty-proposals?limit=1"]) {
      const response = await sendRaw(url, `GET ${target} HTTP/1.1\r\nHost: bounty\r\nConnection: close\r\n\r\n`);
      expect(response.status, target).toBe(404);
      expect(JSON.parse(response.body).error.code, target).toBe("not_found");
    }
  });

  const mutationMethods = ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "PURGE", "LOCK"];
  const anyPaths = ["/v1/bounty-proposals", "/v1/bounty-evaluations?limit=5", "/health", "/no/such/path"];

  it.each(mutationMethods)("%s on any path is refused with 405 and Allow: GET, HEAD", async (method) => {
    for (const path of anyPaths) {
      const response = await send(url, method, path, method === "POST" || method === "PUT" || method === "PATCH" ? '{"title":"x"}' : undefined);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD");
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(response.text).error.code).toBe("method_not_allowed");
    }
  });

  it("refuses a made-up method and CONNECT with 405 as well", async () => {
    for (const head of [
      "FROBNICATE /v1/bounty-proposals HTTP/1.1\r\nHost: bounty\r\nConnection: close\r\n\r\n",
      "FROBNICATE /no/such/path HTTP/1.1\r\nHost: bounty\r\nConnection: close\r\n\r\n",
      "CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n",
    ]) {
      const response = await sendRaw(url, head);
      expect(response.status, head).toBe(405);
      expect(response.head).toContain("allow: get, head");
      expect(JSON.parse(response.body).error.code).toBe("method_not_allowed");
    }
  });

  it("a refused POST writes nothing", async () => {
    const before = await getJson(url, "/health");
    const response = await send(url, "POST", "/v1/bounty-proposals", JSON.stringify({ id: "bp-injected", title: "x" }));
    expect(response.status).toBe(405);
    expect((await getJson(url, "/health")).body).toEqual(before.body);
  });

  it("the typed client reads pages and health and surfaces error codes", async () => {
    const page = await fetchBountyProposals({ limit: 3, offset: 4 }, { baseUrl: url });
    expect(page.items.map((p) => p.id)).toEqual(expectedProposalIds.slice(4, 7));
    expect(page).toMatchObject({ limit: 3, offset: 4 });
    const evaluations = await fetchBountyEvaluations({ proposalId: "bp-test-0001", limit: 100 }, { baseUrl: url });
    expect(evaluations.items.every((e) => e.proposalId === "bp-test-0001")).toBe(true);
    expect(evaluations.items.length).toBeGreaterThan(0);
    expect(await fetchBountyHealth({ baseUrl: `${url}/` })).toEqual({
      status: "ok",
      service: "capsule-bounty",
      proposals: PROPOSALS,
      evaluations: EVALUATIONS,
    });
    const missing = await fetchBountyProposals({}, { baseUrl: `${url}/nowhere` }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(BountyClientError);
    expect(missing).toMatchObject({ status: 404, code: "not_found" });
  });
});
