import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { buildActionToken } from "@/lib/auth/action-token";
import { memoryCounter } from "@/lib/rate-limit/fixed-window";
import { hitRateLimit, peekRateLimit } from "@/lib/rate-limit/rate-limiter";
import type { RequestCounters } from "@/lib/rate-limit/counter-store";
import { z } from "zod";
import { defineEndpoint } from "@/lib/endpoints/define";
import { authenticateSigned } from "./signed-request";

// A signed read (POST /api/inbox, POST /api/roles/offers) was limited per session only, and a wallet-signed token's
// session is its wallet: one address signing each request with a fresh throwaway key read without end (each read
// also stores its used nonce). It counts against the client network's public-GET budget as well now.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-signed-read-"));
process.env.CAPSULE_DATA_DIR = dir;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = openDatabase({ sqliteFile: path.join(dir, "signed-read.sqlite") });
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// shaped like POST /api/inbox (features/inbox/read.endpoint.ts): lib/ does not import features/
const inboxRead = defineEndpoint({
  id: "test.signed-read",
  method: "POST",
  path: "/api/inbox",
  summary: "A signed read",
  action: "inbox.read",
  body: z.object({ page: z.number() }),
  response: z.object({ ok: z.literal(true) }),
  rateLimit: ["signed-read"],
  errors: [],
});

const rule = (name: string, limit: number) => ({ name, limit, windowSeconds: 60 });
const rules = {
  publicGet: rule("bridge-get", 3),
  write: rule("bridge-write", 1000),
  writePerIp: rule("bridge-write-ip", 1000),
  authFailures: rule("auth-failures", 1000),
  submit: rule("capsule-submit", 1000),
  vote: rule("capsule-vote", 1000),
};

async function inboxRequest(): Promise<Request> {
  const account = privateKeyToAccount(generatePrivateKey()); // a new wallet each time: a new session
  const body = JSON.stringify({ page: 1 });
  const token = await buildActionToken({ wallet: account.address, action: inboxRead.action, method: "POST", path: inboxRead.path, body, sign: (typed) => account.signTypedData(typed) });
  return new Request(`http://127.0.0.1${inboxRead.path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body });
}

describe("signed reads", () => {
  it("count against the client network's public-GET budget, whatever wallet signs them", async () => {
    const counters: RequestCounters = {
      publicGet: memoryCounter(),
      write: (r, key, now) => hitRateLimit(handle.db, r, key, now),
      peekWrite: (r, key, now) => peekRateLimit(handle.db, r, key, now),
    };
    const now = Math.floor(Date.now() / 1000);
    const read = async (network: string) =>
      authenticateSigned({ db: handle.db, counters, rules, endpoint: inboxRead, request: await inboxRequest(), network, now, maxBodyBytes: 1 << 20 });
    for (let i = 0; i < 3; i++) await expect(read("198.51.100.7")).resolves.toMatchObject({ rawBody: '{"page":1}' });
    await expect(read("198.51.100.7")).rejects.toMatchObject({ code: "RATE_LIMITED", message: "Rate limit exceeded: 3 requests per 60 s (bridge-get)" });
    // another network still reads
    await expect(read("198.51.100.8")).resolves.toMatchObject({ rawBody: '{"page":1}' });
  });
});
