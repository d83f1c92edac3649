import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Sqlite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCapsules } from "@/bench/seed-capsules";
import { pathOf } from "@/lib/api/request";
import { capsuleHistory } from "@/features/revisions/history.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleVotes } from "@/features/voting/votes.endpoint";
import { outletRead } from "@/features/outlets/read.endpoint";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// Issue 16 item 2 and issue 30 item 1: an anonymous conditional read's answer is remembered with the
// database's generation; while nothing was written a matching If-None-Match gets its 304 and any
// other GET the same body, without reading a row. Any write (here by another connection, as a
// script, another server or the indexer's own handle would) must end that: the old tag then gets the
// new answer, never a stale 304 or body. On SQLite at once; on PostgreSQL once the writer's
// notification has reached this server (another server's commit is told through NOTIFY).

const dialects = await dialectsUnderTest();

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(baseUrl: string, target: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${target}`, { method: "GET", headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function remembered(baseUrl: string, status: "304" | "200"): Promise<number> {
  const text = (await get(baseUrl, "/metrics")).body;
  return [...text.matchAll(/^capsule_http_remembered_answers_total\{([^}]*)\} (\d+)$/gm)].filter((m) => m[1]!.includes(`status="${status}"`)).reduce((sum, m) => sum + Number(m[2]), 0);
}

async function refreshes(baseUrl: string): Promise<number> {
  const text = (await get(baseUrl, "/metrics")).body;
  return [...text.matchAll(/^capsule_http_remembered_refreshes_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/** PostgreSQL: the other connection's NOTIFY reaches the server a moment after its commit. */
async function noticeArrived(baseUrl: string, target: string, title: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (JSON.parse((await get(baseUrl, target)).body).capsule.title === title) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server never answered the title "${title}" after another connection wrote it`);
}

describe.each(dialects)("remembered answers on %s", (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-remembered-tags-"));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let stack: Stack | undefined;
  let handle: DatabaseHandle | undefined;
  const seeded = { id: 0, slug: "" };
  const remembers = true;
  // paths from the descriptors; the requests are raw because the subject is the headers on the wire
  const readPath = () => pathOf(capsuleRead, { id: String(seeded.id) });
  const listPath = () => `${pathOf(capsuleList)}?outlet=${seeded.slug}`;

  beforeAll(async () => {
    database = dialect === "postgres" ? await createTestDatabase() : undefined;
    // PostgreSQL: a time bucket far longer than the test, so only writes move the generation here
    stack = await startStack({ database: dialect, dataDir, databaseUrl: database?.url, env: { CAPSULE_INDEXER: "off", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000", CAPSULE_PG_REMEMBER_MS: "60000" } });
    handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
    const seed = await seedCapsules(handle.db, handle.dialect, 3, () => {});
    seeded.id = seed.firstId;
    seeded.slug = seed.outletSlug;
    // the seed's notifications reach the server in commit order: once this last write is seen, all of them were
    await handle.db.updateTable("capsules").set({ title: "Seeded headline" }).where("id", "=", seeded.id).execute();
    if (dialect === "postgres") await noticeArrived(stack.baseUrl, readPath(), "Seeded headline");
  });

  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a repeated read, full or 304, without reading rows while nothing was written", async () => {
    const base = stack!.baseUrl;
    const id = String(seeded.id);
    for (const target of [readPath(), pathOf(capsuleHistory, { id }), pathOf(capsuleVotes, { id }), listPath()]) {
      const first = await get(base, target);
      expect(first.status, target).toBe(200);
      const etag = String(first.headers.etag);
      const before = await remembered(base, "304");
      const fullBefore = await remembered(base, "200");
      const again = await get(base, target);
      expect(again.status).toBe(200);
      expect(again.body).toBe(first.body);
      for (const name of ["etag", "cache-control", "content-type", "vary", "ratelimit-limit"]) expect(again.headers[name], name).toBe(first.headers[name]);
      expect(await remembered(base, "200"), target).toBe(remembers ? fullBefore + 1 : fullBefore);
      for (const headers of [{ "if-none-match": etag }, { "if-none-match": `"other", W/${etag}` }, { "if-none-match": "*" }]) {
        const hit = await get(base, target, headers);
        expect(hit.status, target).toBe(304);
        expect(hit.body).toBe("");
        expect(hit.headers.etag).toBe(etag);
        expect(hit.headers["cache-control"]).toBe(first.headers["cache-control"]);
        expect(hit.headers["ratelimit-limit"]).toBe("5000");
      }
      expect(await remembered(base, "304"), target).toBe(remembers ? before + 3 : before);
      // a tag it does not name is still a full answer, with the same tag and body
      const miss = await get(base, target, { "if-none-match": '"stale"' });
      expect(miss.status).toBe(200);
      expect(miss.headers.etag).toBe(etag);
      expect(miss.body).toBe(first.body);
    }
  });

  it("gives the new answer after a write by another connection, never a stale 304 or body", async () => {
    const base = stack!.baseUrl;
    const target = readPath();
    const first = await get(base, target);
    const etag = String(first.headers.etag);
    expect((await get(base, target, { "if-none-match": etag })).status).toBe(304);
    await get(base, target); // remembered in full
    await handle!.db.updateTable("capsules").set({ title: "Corrected headline" }).where("id", "=", seeded.id).execute();
    if (dialect === "postgres") await noticeArrived(base, target, "Corrected headline");
    const plain = await get(base, target);
    expect(JSON.parse(plain.body).capsule.title).toBe("Corrected headline");
    const after = await get(base, target, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body).capsule.title).toBe("Corrected headline");
    const newTag = String(after.headers.etag);
    expect(newTag).not.toBe(etag);
    expect((await get(base, target, { "if-none-match": newTag })).status).toBe(304);
    expect((await get(base, target, { "if-none-match": etag })).status).toBe(200);
    // the list, read before the write, is not answered from its old tag either
    const list = listPath();
    const listTag = String((await get(base, list)).headers.etag);
    await handle!.db.updateTable("capsules").set({ title: "Corrected again" }).where("id", "=", seeded.id).execute();
    if (dialect === "postgres") await noticeArrived(base, target, "Corrected again");
    expect((await get(base, list, { "if-none-match": listTag })).status).toBe(200);
  });

  it("never remembers an answer that depends on the clock (an outlet's tier), and another Host gets this origin's answer", async () => {
    const base = stack!.baseUrl;
    const outlet = pathOf(outletRead, { slug: seeded.slug });
    const etag = String((await get(base, outlet)).headers.etag);
    const before = (await remembered(base, "304")) + (await remembered(base, "200"));
    expect((await get(base, outlet, { "if-none-match": etag })).status).toBe(304);
    expect((await get(base, outlet, { "if-none-match": etag })).status).toBe(304);
    expect((await get(base, outlet)).status).toBe(200);
    expect((await remembered(base, "304")) + (await remembered(base, "200"))).toBe(before);
    // links never come from the Host header: a request naming another Host gets the links (and so the
    // tag) of the origin this loopback server links to, never a remembered answer carrying the other name
    const target = readPath();
    const here = await get(base, target);
    const elsewhere = await get(base, target, { host: "other.example" });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).not.toContain("other.example");
    expect(elsewhere.headers.etag).toBe(here.headers.etag);
    expect((await get(base, target, { host: "other.example", "if-none-match": String(here.headers.etag) })).status).toBe(304);
  });

  it("answers a write nobody announces (a plain connection, as psql's) within CAPSULE_PG_REMEMBER_MS on PostgreSQL, at once on SQLite", async () => {
    await stack!.stop();
    stack = await startStack({ database: dialect, dataDir, databaseUrl: database?.url, env: { CAPSULE_INDEXER: "off", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000", CAPSULE_PG_REMEMBER_MS: "1500" } });
    const base = stack.baseUrl;
    const target = readPath();
    // an announced write first: once it is answered, the change feed listens and answers are remembered
    await handle!.db.updateTable("capsules").set({ title: "Announced headline" }).where("id", "=", seeded.id).execute();
    await noticeArrived(base, target, "Announced headline");
    const fullBefore = await remembered(base, "200");
    await get(base, target);
    await get(base, target);
    expect(await remembered(base, "200")).toBeGreaterThan(fullBefore);
    if (dialect === "postgres") {
      // not through any server's pool: no NOTIFY tells the server of it, only the bound ends its remembered answer
      const plain = new pg.Client({ connectionString: database!.url });
      await plain.connect();
      await plain.query("update capsules set title = $1 where id = $2", ["Written behind the servers' backs", seeded.id]);
      await plain.end();
    } else {
      await handle!.db.updateTable("capsules").set({ title: "Written behind the servers' backs" }).where("id", "=", seeded.id).execute();
    }
    await noticeArrived(base, target, "Written behind the servers' backs");
  });

  it("builds an answer again ahead of its expiry on PostgreSQL, so it is still remembered after the first one's bound; never on SQLite", async () => {
    await stack!.stop();
    stack = await startStack({ database: dialect, dataDir, databaseUrl: database?.url, env: { CAPSULE_INDEXER: "off", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000", CAPSULE_PG_REMEMBER_MS: "4000" } });
    const base = stack.baseUrl;
    await handle!.db.updateTable("capsules").set({ title: "Refreshed headline" }).where("id", "=", seeded.id).execute();
    await noticeArrived(base, readPath(), "Refreshed headline");
    const target = pathOf(capsuleHistory, { id: String(seeded.id) });
    const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
    const first = await get(base, target);
    // the answer's generation was read before this moment: its last quarter (3 s to 4 s) has begun by +3 s
    const built = Date.now();
    const counts = async () => ({ full: await remembered(base, "200"), refreshes: await refreshes(base) });
    await sleepUntil(built + 3000);
    const before = await counts();
    expect((await get(base, target)).body).toBe(first.body);
    const refreshed = await counts();
    // past the first answer's own expiry: the answer built at +3 s is the one given, from memory
    await sleepUntil(built + 4100);
    expect((await get(base, target)).body).toBe(first.body);
    const after = await counts();
    if (dialect === "postgres") {
      expect(refreshed).toEqual({ full: before.full, refreshes: before.refreshes + 1 });
      expect(after).toEqual({ full: refreshed.full + 1, refreshes: refreshed.refreshes });
    } else {
      expect(refreshed).toEqual({ full: before.full + 1, refreshes: 0 });
      expect(after).toEqual({ full: refreshed.full + 1, refreshes: 0 });
    }
  });

  it("gives the answer a build ahead of its expiry was to replace when that build fails, until the answer's own expiry", async () => {
    await stack!.stop();
    stack = await startStack({ database: dialect, dataDir, databaseUrl: database?.url, env: { CAPSULE_INDEXER: "off", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000", CAPSULE_PG_REMEMBER_MS: "4000" } });
    const base = stack.baseUrl;
    const target = pathOf(capsuleHistory, { id: String(seeded.id) });
    const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
    const first = await get(base, target);
    expect(first.status).toBe(200);
    const built = Date.now();
    // the database loses the table the read needs, by a connection outside every server (nothing is told)
    const rename = async (from: string, to: string) => {
      if (dialect === "postgres") {
        const plain = new pg.Client({ connectionString: database!.url });
        await plain.connect();
        await plain.query(`ALTER TABLE ${from} RENAME TO ${to}`).finally(() => plain.end());
      } else {
        const file = new Sqlite(path.join(dataDir, "capsule.sqlite"));
        try {
          file.exec(`ALTER TABLE ${from} RENAME TO ${to}`);
        } finally {
          file.close();
        }
      }
    };
    await sleepUntil(built + 3000);
    await rename("capsules", "capsules_away");
    let during: Raw;
    let expired: Raw;
    try {
      during = await get(base, target);
      await sleepUntil(built + 4100);
      expired = await get(base, target);
    } finally {
      await rename("capsules_away", "capsules");
    }
    if (dialect === "postgres") {
      // +3 s: this request builds it again, fails, and is given the answer it was to replace
      expect(during.status).toBe(200);
      expect(during.body).toBe(first.body);
    } else {
      // SQLite sees the other connection's schema change as a change: its answers are then read again, and fail
      expect(during.status).toBe(500);
    }
    // past that answer's expiry there is nothing within the bound to give: the error
    expect(expired.status).toBe(500);
    expect(JSON.parse(expired.body)).toMatchObject({ ok: false, error: "INTERNAL_ERROR" });
    expect((await get(base, target)).body).toBe(first.body);
  });

  it("remembers nothing with CAPSULE_HTTP_REMEMBER=0 (every read reads its rows)", async () => {
    await stack!.stop();
    stack = await startStack({ database: dialect, dataDir, databaseUrl: database?.url, env: { CAPSULE_INDEXER: "off", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000", CAPSULE_HTTP_REMEMBER: "0" } });
    const base = stack.baseUrl;
    const target = readPath();
    const first = await get(base, target);
    const etag = String(first.headers.etag);
    expect((await get(base, target)).body).toBe(first.body);
    expect((await get(base, target, { "if-none-match": etag })).status).toBe(304);
    expect(await remembered(base, "304")).toBe(0);
    expect(await remembered(base, "200")).toBe(0);
  });
});
