import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { seedCapsules } from "@/bench/seed-capsules";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { DRAFT_READ_ACTION } from "@/lib/endpoints/define";
import { devKeys } from "@/test/support/anvil";
import { signedToken } from "@/test/support/bridge-client";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// Issue 16 items 2–3: anonymous GETs of the conditional reads are answered before Next's pipeline
// (server/http/fast-reads.ts). The same data is read through Next (CAPSULE_HTTP_FAST_READS=0) and
// then, after a restart on the same database, through the fast path: every answer must match in
// status, headers and body, drafts stay hidden, the rate limit counts, and anything unusual still
// goes to Next. SQLite runs with Next's gzip on, PostgreSQL with it off (both paths of the writer).

const dialects = await dialectsUnderTest();
const owner = devKeys[1] as Hex; // the seeded capsules' submitter
const PUBLIC_URL = "http://capsule.test";
const LIMIT = 400;

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function rawRequest(baseUrl: string, method: string, target: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${target}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

// transport and per-request headers: how the bytes travel, not what they say
const VOLATILE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "ratelimit-remaining", "ratelimit-reset", "retry-after"]);

function comparable(raw: Raw) {
  const headers = Object.fromEntries(Object.entries(raw.headers).filter(([name]) => !VOLATILE.has(name)));
  const body = raw.headers["content-encoding"] === "gzip" ? gunzipSync(raw.body) : raw.body;
  return { status: raw.status, headers, body: body.toString("utf8") };
}

async function fastAnswers(baseUrl: string): Promise<number> {
  const text = (await rawRequest(baseUrl, "GET", "/metrics")).body.toString("utf8");
  return [...text.matchAll(/^capsule_http_fast_answers_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

async function addDraft(handle: DatabaseHandle, fromId: number): Promise<number> {
  const row = await handle.db.selectFrom("capsules").selectAll().where("id", "=", fromId).executeTakeFirstOrThrow();
  const { id: _id, ...copy } = row;
  const draft = {
    ...copy,
    article_slug: `${row.article_slug}-draft`,
    content_hash: `0x${"d".repeat(64)}`,
    status: "draft" as const,
    submit_tx_hash: null,
    finalize_tx_hash: null,
    finalized_article_id: null,
    finalized_at: null,
    finalized_by: null,
    accepted_at: null,
    closed_at: null,
    opens_at: null,
    closes_at: null,
    yes_votes: "0",
    no_votes: "0",
  };
  return (await handle.db.insertInto("capsules").values(draft).returning("id").executeTakeFirstOrThrow()).id;
}

describe.each(dialects)("conditional reads before Next on %s", (dialect) => {
  const compress = dialect === "sqlite" ? "1" : "0";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-fast-reads-"));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let stack: Stack | undefined;
  const seeded = { slug: "", id: 0, draft: 0 };
  const viaNext = new Map<string, ReturnType<typeof comparable>>();
  let etag = "";

  const env = (fastReads: "0" | "1") => ({
    CAPSULE_HTTP_FAST_READS: fastReads,
    CAPSULE_HTTP_COMPRESS: compress,
    CAPSULE_INDEXER: "off",
    CAPSULE_PUBLIC_URL: PUBLIC_URL,
    CAPSULE_TRUST_PROXY: "1",
    CAPSULE_RATE_PUBLIC_GET_PER_MIN: String(LIMIT),
  });
  const start = async (fastReads: "0" | "1") => startStack({ database: dialect, dataDir, databaseUrl: database?.url, env: env(fastReads) });

  // requests read both ways; each comes from its own client address (X-Forwarded-For, one trusted hop), so every answer is a request's first in its window
  const requests = () => {
    const { slug, id, draft } = seeded;
    const plain: Array<[string, Record<string, string>]> = [
      [`/api/capsules/${id}`, {}],
      [`/api/capsules/${id}`, { "accept-encoding": "gzip, deflate, br" }],
      [`/api/capsules/${id}`, { "if-none-match": etag }],
      [`/api/capsules/${id}`, { "if-none-match": `"stale", W/${etag}`, "accept-encoding": "gzip" }],
      [`/api/capsules/${id}`, { "if-none-match": '"stale"', "accept-encoding": "gzip" }],
      [`/api/capsules/${id}/history`, { "accept-encoding": "gzip" }],
      [`/api/capsules/${id}/votes?limit=2`, {}],
      [`/api/capsules?outlet=${slug}`, { "accept-encoding": "gzip" }],
      [`/api/capsules?outlet=${slug}&status=finalized&limit=1&page=2`, {}],
      ["/api/capsules", {}],
      [`/api/outlets/${slug}`, {}],
      ["/api/outlets?limit=5", { "accept-encoding": "gzip" }],
      [`/api/capsules/${draft}`, {}],
      [`/api/capsules/${draft}`, { "if-none-match": "*" }],
      [`/api/capsules/${draft}/history`, { "if-none-match": "*" }],
      [`/api/capsules/${draft}/votes`, {}],
      ["/api/capsules/999999999", { "if-none-match": "*" }],
      ["/api/capsules/not-a-number", {}],
      ["/api/capsules?limit=100000", {}],
      ["/api/outlets/no-such-outlet", {}],
    ];
    return plain.map(([target, headers], n) => ({ key: `${n} ${target} ${JSON.stringify(headers)}`, target, headers: { ...headers, "x-request-id": `fast-reads-${n}`, "x-forwarded-for": `198.51.100.${n + 1}` } }));
  };

  beforeAll(async () => {
    database = dialect === "postgres" ? await createTestDatabase() : undefined;
    stack = await start("0");
    const handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
    try {
      const seed = await seedCapsules(handle.db, handle.dialect, 3, () => {});
      seeded.slug = seed.outletSlug;
      seeded.id = seed.firstId;
      seeded.draft = await addDraft(handle, seed.firstId);
    } finally {
      await handle.close();
    }
    etag = String((await rawRequest(stack.baseUrl, "GET", `/api/capsules/${seeded.id}`, { "x-forwarded-for": "198.51.100.200" })).headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    for (const r of requests()) viaNext.set(r.key, comparable(await rawRequest(stack.baseUrl, "GET", r.target, r.headers)));
    expect(await fastAnswers(stack.baseUrl)).toBe(0);
    await stack.stop();
    stack = await start("1");
  });

  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every conditional read as Next does: status, headers and body (200, 304, 400, 404, gzip or not)", async () => {
    const before = await fastAnswers(stack!.baseUrl);
    const list = requests();
    for (const r of list) {
      const fast = comparable(await rawRequest(stack!.baseUrl, "GET", r.target, r.headers));
      expect(fast, r.key).toEqual(viaNext.get(r.key));
    }
    expect(await fastAnswers(stack!.baseUrl)).toBe(before + list.length);
    const statuses = list.map((r) => viaNext.get(r.key)?.status);
    expect(statuses).toEqual([200, 200, 304, 304, 200, 200, 200, 200, 200, 200, 200, 200, 404, 404, 404, 404, 404, 400, 400, 404]);
    if (compress === "1") expect(viaNext.get(list[1]!.key)?.headers["content-encoding"]).toBe("gzip");
  });

  it("never reveals a draft: no 304 and no 200 without a signed read, which Next answers", async () => {
    const base = stack!.baseUrl;
    const draftPath = `/api/capsules/${seeded.draft}`;
    for (const target of [draftPath, `${draftPath}/history`, `${draftPath}/votes`]) {
      for (const headers of [{}, { "if-none-match": "*" }, { "if-none-match": etag }] as Array<Record<string, string>>) {
        const res = await rawRequest(base, "GET", target, headers);
        expect(res.status, target).toBe(404);
        expect(res.headers.etag, target).toBeUndefined();
        expect(res.body.toString("utf8"), target).toContain("CAPSULE_NOT_FOUND");
      }
    }
    const list = await rawRequest(base, "GET", `/api/capsules?outlet=${seeded.slug}`);
    expect(JSON.parse(list.body.toString("utf8")).items.map((c: { id: string }) => c.id)).not.toContain(String(seeded.draft));
    const before = await fastAnswers(base);
    const token = await signedToken(owner, DRAFT_READ_ACTION, draftPath, undefined, "GET");
    const signed = await rawRequest(base, "GET", draftPath, { authorization: `Bearer ${token}`, "if-none-match": "*" });
    expect(signed.status).toBe(200);
    expect(JSON.parse(signed.body.toString("utf8")).capsule.status).toBe("draft");
    expect(signed.headers["cache-control"]).toBe("private, no-store");
    expect(signed.headers.etag).toBeUndefined();
    const forged = await rawRequest(base, "GET", draftPath, { authorization: "Bearer not-a-token", "if-none-match": "*" });
    expect(forged.status).toBe(401);
    expect(await fastAnswers(base)).toBe(before); // both went through Next
  });

  it("counts fast answers against the same per-IP limit as Next's, and refuses them with the same 429", async () => {
    const base = stack!.baseUrl;
    const client = { "x-forwarded-for": "203.0.113.7" };
    const target = `/api/capsules/${seeded.id}`;
    const fast = await rawRequest(base, "GET", target, client);
    const viaNextHead = await rawRequest(base, "HEAD", target, client); // HEAD goes through Next
    const fastAgain = await rawRequest(base, "GET", target, { ...client, "if-none-match": etag });
    expect([fast.status, viaNextHead.status, fastAgain.status]).toEqual([200, 200, 304]);
    const remaining = [fast, viaNextHead, fastAgain].map((r) => Number(r.headers["ratelimit-remaining"]));
    // one counter: each answer took one from the same budget (a window edge in between starts it afresh)
    expect(remaining[1] === remaining[0]! - 1 || remaining[1] === LIMIT - 1).toBe(true);
    expect(remaining[2] === remaining[1]! - 1 || remaining[2] === LIMIT - 1).toBe(true);
    let refused: Raw | undefined;
    for (let n = 0; n < 2 * LIMIT && !refused; n++) {
      const res = await rawRequest(base, "GET", target, { ...client, "if-none-match": etag });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(304);
    }
    expect(refused, "a 429 within two budgets").toBeDefined();
    expect(JSON.parse(refused!.body.toString("utf8"))).toMatchObject({ ok: false, error: "RATE_LIMITED", statusCode: 429 });
    expect(refused!.headers["retry-after"]).toBeDefined();
    const throughNext = await rawRequest(base, "HEAD", target, client);
    expect(throughNext.status).toBe(429);
  });

  it("leaves everything else to Next: HEAD, other paths and methods, non-canonical paths, Next's own parameters", async () => {
    const base = stack!.baseUrl;
    const id = seeded.id;
    const client = { "x-forwarded-for": "192.0.2.44" };
    const before = await fastAnswers(base);
    const cases: Array<[string, string, number]> = [
      ["HEAD", `/api/capsules/${id}`, 200],
      // a trailing slash is refused before Next (404 naming the route), not answered as the canonical path
      ["GET", `/api/capsules/${id}/`, 404],
      ["GET", `/api/capsules/%3${String(id).slice(-1)}`, 0],
      ["GET", `/api/capsules/${id}/evidence`, 200],
      ["GET", "/api/capsules/create", 405],
      ["GET", "/api/meta/action-keys", 200],
      ["GET", "/api/no-such-route", 404],
      ["POST", `/api/capsules/${id}`, 405],
      ["GET", `/api/capsules/${id}?_rsc=1`, 200],
    ];
    for (const [method, target, status] of cases) {
      const res = await rawRequest(base, method, target, client);
      if (status !== 0) expect(res.status, `${method} ${target}`).toBe(status);
    }
    expect(await fastAnswers(base)).toBe(before);
  });
});
