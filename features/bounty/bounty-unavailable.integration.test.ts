import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadBountyState } from "@/bounty/bounty-loader";
import type { BountyService } from "@/bounty/server";
import { openDatabase } from "@/lib/db/connection";
import {
  generatedExport,
  getJson,
  migrateBountyTables,
  postgresBackend,
  postgresUnderTest,
  send,
  sqliteBackend,
  startService,
  tempDir,
  type Backend,
} from "./bounty.test-support";
import { POSTGRES_ADMIN_URL } from "@/test/support/postgres";

// Every way the configured state can be unreadable answers 503 bounty_state_unavailable on /health
// and on both list routes — and the service recovers without a restart once the state is readable.

const stateRoutes = ["/health", "/v1/bounty-proposals", "/v1/bounty-evaluations?limit=5"];
const pgAvailable = await postgresUnderTest();

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function serve(location: Parameters<typeof startService>[0]): Promise<BountyService> {
  const service = await startService(location);
  cleanups.push(() => service.close());
  return service;
}

async function expectUnavailable(url: string): Promise<void> {
  for (const route of stateRoutes) {
    const { status, body, headers } = await getJson(url, route);
    expect(status, route).toBe(503);
    expect(body.error.code).toBe("bounty_state_unavailable");
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    // The cause is logged, never sent: no path, SQL or driver message in the body.
    expect(JSON.stringify(body)).not.toMatch(/sqlite|postgres|select|no such|\/tmp\//i);
    const head = await send(url, "HEAD", route);
    expect(head.status).toBe(503);
    expect(head.text).toBe("");
  }
  // Method and path checks do not depend on the state.
  expect((await send(url, "DELETE", "/v1/bounty-proposals")).status).toBe(405);
  expect((await getJson(url, "/nowhere")).status).toBe(404);
}

describe("bounty state unavailable (SQLite)", () => {
  it("a missing database file is 503, is not created, and is picked up once it exists", async () => {
    const dir = tempDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const sqliteFile = path.join(dir, "capsule.sqlite");
    const service = await serve({ sqliteFile });

    await expectUnavailable(service.url);
    expect(fs.existsSync(sqliteFile)).toBe(false);

    const writer = openDatabase({ sqliteFile });
    cleanups.push(() => writer.close());
    await migrateBountyTables(writer);
    await loadBountyState(writer.db, generatedExport(3, 2));
    const { status, body } = await getJson(service.url, "/health");
    expect(status).toBe(200);
    expect(body).toMatchObject({ proposals: 3, evaluations: 2 });
  });

  it("a corrupt file (garbage bytes) is 503", async () => {
    const dir = tempDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const sqliteFile = path.join(dir, "capsule.sqlite");
    fs.writeFileSync(sqliteFile, crypto.randomBytes(64 * 1024));
    const before = fs.readFileSync(sqliteFile);
    const service = await serve({ sqliteFile });
    await expectUnavailable(service.url);
    expect(fs.readFileSync(sqliteFile).equals(before)).toBe(true);
  });

  it("a text file in place of the database is 503", async () => {
    const dir = tempDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const sqliteFile = path.join(dir, "capsule.sqlite");
    fs.writeFileSync(sqliteFile, JSON.stringify(generatedExport(2, 1)));
    await expectUnavailable((await serve({ sqliteFile })).url);
  });

  it("a database without the bounty tables is 503", async () => {
    const dir = tempDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const sqliteFile = path.join(dir, "capsule.sqlite");
    const raw = new Database(sqliteFile);
    raw.exec("create table auth_nonces (nonce text primary key)");
    raw.close();
    await expectUnavailable((await serve({ sqliteFile })).url);
  });

  it("a directory in place of the database file is 503", async () => {
    const dir = tempDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const sqliteFile = path.join(dir, "capsule.sqlite");
    fs.mkdirSync(sqliteFile);
    await expectUnavailable((await serve({ sqliteFile })).url);
  });

  it("a state replaced while the service runs is read on the next request", async () => {
    const backend = await sqliteBackend();
    cleanups.push(() => backend.dispose());
    await loadBountyState(backend.writer.db, generatedExport(4, 4));
    const service = await serve(backend.location);
    expect((await getJson(service.url, "/health")).body).toMatchObject({ proposals: 4, evaluations: 4 });
    await loadBountyState(backend.writer.db, generatedExport(9, 1));
    expect((await getJson(service.url, "/health")).body).toMatchObject({ proposals: 9, evaluations: 1 });
    expect((await getJson(service.url, "/v1/bounty-proposals?limit=100")).body.items).toHaveLength(9);
  });
});

describe.each([
  { name: "sqlite", make: () => sqliteBackend() },
  ...(pgAvailable ? [{ name: "postgres", make: () => postgresBackend() }] : []),
])("rows that are not valid records ($name)", ({ make }) => {
  async function corrupted(mutate: (backend: Backend) => Promise<unknown>): Promise<string> {
    const backend = await make();
    cleanups.push(() => backend.dispose());
    await loadBountyState(backend.writer.db, generatedExport(5, 5));
    await mutate(backend);
    return (await serve(backend.location)).url;
  }

  it("a proposal with a malformed proposer address makes the list 503", async () => {
    const url = await corrupted((b) =>
      b.writer.db.updateTable("bounty_proposals").set({ proposer: "not-an-address" }).where("id", "=", "bp-test-0003").execute(),
    );
    const { status, body } = await getJson(url, "/v1/bounty-proposals");
    expect(status).toBe(503);
    expect(body).toEqual({ error: { code: "bounty_state_unavailable", message: expect.any(String) } });
    // A page that does not contain the bad row is still served.
    const later = await getJson(url, "/v1/bounty-proposals?offset=3");
    expect(later.status).toBe(200);
    expect(later.body.items.map((p: { id: string }) => p.id)).toEqual(["bp-test-0004", "bp-test-0005"]);
  });

  it("a reward amount that is not a wei integer makes the list 503", async () => {
    const url = await corrupted((b) =>
      b.writer.db.updateTable("bounty_proposals").set({ reward_amount: "12.5 ETH" }).execute(),
    );
    expect((await getJson(url, "/v1/bounty-proposals")).status).toBe(503);
    expect((await getJson(url, "/health")).status).toBe(503);
  });

  it("an evaluation with an empty rationale makes the evaluation list and health 503", async () => {
    const url = await corrupted((b) => b.writer.db.updateTable("bounty_evaluations").set({ rationale: "" }).execute());
    expect((await getJson(url, "/v1/bounty-evaluations")).status).toBe(503);
    expect((await getJson(url, "/health")).status).toBe(503);
    expect((await getJson(url, "/v1/bounty-proposals")).status).toBe(200);
  });

  it("a dropped table makes health and its list 503", async () => {
    const url = await corrupted((b) => sql`drop table bounty_evaluations`.execute(b.writer.db));
    expect((await getJson(url, "/health")).status).toBe(503);
    expect((await getJson(url, "/v1/bounty-evaluations")).status).toBe(503);
    expect((await getJson(url, "/v1/bounty-proposals")).status).toBe(200);
  });
});

if (pgAvailable) describe("bounty state unavailable (PostgreSQL)", () => {
  it("a database that does not exist is 503", async () => {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/bounty_missing_${crypto.randomBytes(6).toString("hex")}`;
    await expectUnavailable((await serve({ databaseUrl: url.toString(), sqliteFile: "unused" })).url);
  });

  it("a database without the bounty tables is 503, and recovers once they are created", async () => {
    const backend = await postgresBackend({ migrate: false });
    cleanups.push(() => backend.dispose());
    const service = await serve(backend.location);
    await expectUnavailable(service.url);
    await migrateBountyTables(backend.writer);
    await loadBountyState(backend.writer.db, generatedExport(2, 2));
    expect((await getJson(service.url, "/health")).body).toMatchObject({ status: "ok", proposals: 2, evaluations: 2 });
  });
});
