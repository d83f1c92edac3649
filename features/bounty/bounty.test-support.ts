import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import * as foundation from "@/lib/db/migrations/2026-11-23-0001-foundation";
import * as bountyMigration from "@/lib/db/migrations/2026-11-23-0005-bounty";
import * as bountySampleFlag from "@/lib/db/migrations/2026-11-24-0510-bounty-sample-flag";
import { loadBountyState } from "@/bounty/bounty-loader";
import { startBountyService, type BountyService } from "@/bounty/server";
import { openBountyStore, type BountyStoreOptions } from "@/bounty/state-store";
import { freePort } from "@/test/support/free-port";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest } from "@/test/support/stack";

// Fixtures for the bounty tests: a real SQLite file or a freshly created PostgreSQL database,
// the service on a free loopback port, and raw HTTP for methods fetch will not send.

/** PostgreSQL is under test whenever the shared suite says so (always in CI). */
export const postgresUnderTest = async () => (await dialectsUnderTest()).includes("postgres");

export type Backend = {
  name: "sqlite" | "postgres";
  /** Where the service reads from. */
  location: BountyStoreOptions;
  /** A writable handle on the same database (the loader's side). */
  writer: DatabaseHandle;
  dispose: () => Promise<void>;
};

/** Creates the project tables the bounty service reads (only the bounty migration, so other areas' work in progress cannot break these tests). */
export async function migrateBountyTables(handle: DatabaseHandle): Promise<void> {
  await foundation.up(handle.db);
  await bountyMigration.up(handle.db);
  await bountySampleFlag.up(handle.db);
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "capsule-bounty-test-"));
}

export async function sqliteBackend(options: { migrate?: boolean } = {}): Promise<Backend> {
  const dir = tempDir();
  const sqliteFile = path.join(dir, "capsule.sqlite");
  const writer = openDatabase({ sqliteFile });
  if (options.migrate !== false) await migrateBountyTables(writer);
  return {
    name: "sqlite",
    location: { sqliteFile },
    writer,
    dispose: async () => {
      await writer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function postgresBackend(options: { migrate?: boolean } = {}): Promise<Backend> {
  const database = await createTestDatabase("bounty_test");
  const writer = openDatabase({ databaseUrl: database.url, sqliteFile: "unused" });
  if (options.migrate !== false) await migrateBountyTables(writer);
  return {
    name: "postgres",
    location: { databaseUrl: database.url, sqliteFile: "unused" },
    writer,
    dispose: async () => {
      await writer.close();
      await database.drop();
    },
  };
}

export async function startService(location: BountyStoreOptions): Promise<BountyService> {
  return startBountyService({ host: "127.0.0.1", port: await freePort(), store: openBountyStore(location) });
}

const T0 = 1_793_577_600;
const hex40 = (seed: string) => "0x" + crypto.createHash("sha256").update(seed).digest("hex").slice(0, 40);
const statuses = ["open", "under_review", "approved", "rejected", "settled"] as const;
const verdicts = ["approve", "reject", "needs_changes"] as const;

/** A generated export. Groups of five proposals share a creation time, so paging must break ties by id;
 *  records are listed shuffled so the database, not the input order, decides the order. */
export function generatedExport(proposalCount: number, evaluationCount: number) {
  const proposals = Array.from({ length: proposalCount }, (_, i) => ({
    id: `bp-test-${String(i + 1).padStart(4, "0")}`,
    title: `Verify figure ${i + 1} of the harbour budget story`,
    summary: `Check table row ${i + 1} against the port authority's published accounts.`,
    capsuleId: i % 3 === 0 ? null : String(1000 + i),
    outletSlug: i % 3 === 0 || i % 2 === 0 ? "harbor-ledger" : null,
    rewardAmount: `${(i + 1) * 10}000000000000000000`,
    rewardToken: "native",
    proposer: hex40(`proposer-${i % 7}`),
    status: statuses[i % statuses.length],
    createdAt: String(T0 + Math.floor(i / 5) * 60),
    updatedAt: T0 + Math.floor(i / 5) * 60 + 30,
  }));
  const evaluations = Array.from({ length: evaluationCount }, (_, j) => ({
    id: `be-test-${String(j + 1).padStart(4, "0")}`,
    proposalId: proposals[j % Math.max(1, Math.min(proposalCount, 10))]!.id,
    evaluator: hex40(`evaluator-${j % 4}`),
    score: (j * 37) % 101,
    verdict: verdicts[j % verdicts.length],
    rationale: `Evaluation ${j + 1}: sources reconciled against the register.`,
    createdAt: String(T0 + Math.floor(j / 3) * 90),
  }));
  return { proposals: shuffle(proposals), evaluations: shuffle(evaluations) };
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = (i * 7919 + 13) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export async function loadGenerated(backend: Backend, proposals: number, evaluations: number) {
  const data = generatedExport(proposals, evaluations);
  await loadBountyState(backend.writer.db, data);
  return data;
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** Any method node's client will send (fetch refuses some), without keep-alive. */
export function send(baseUrl: string, method: string, pathAndQuery: string, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(pathAndQuery, baseUrl), { method, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("error", reject);
    if (body !== undefined) {
      request.setHeader("content-type", "application/json");
      request.end(body);
    } else request.end();
  });
}

/** Writes a raw request line (for methods node's parser does not know) and reads the whole answer. */
export function sendRaw(baseUrl: string, requestHead: string): Promise<{ status: number; head: string; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(requestHead));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = text.slice(0, split);
      resolve({ status: Number(head.split(" ")[1]), head: head.toLowerCase(), body: text.slice(split + 4) });
    });
  });
}

export async function getJson(baseUrl: string, pathAndQuery: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(new URL(pathAndQuery, baseUrl));
  return { status: response.status, body: await response.json(), headers: response.headers };
}
