import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { AppError } from "@/lib/errors/app-error";
import { buildActionToken, encodeActionToken, hashBody, type ActionPayload } from "@/lib/auth/action-token";
import { verifyActionToken } from "./verify-action-token";

const key = generatePrivateKey();
const account = privateKeyToAccount(key);
const other = privateKeyToAccount(generatePrivateKey());
const NOW = 1_800_000_000;
const request = { action: "outlets.create", method: "POST", path: "/api/outlets/create", body: '{"slug":"harbor-ledger"}' };

let dir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-auth-"));
  handle = openDatabase({ sqliteFile: path.join(dir, "auth.sqlite") });
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function token(overrides: Partial<Parameters<typeof buildActionToken>[0]> = {}) {
  return buildActionToken({
    wallet: account.address,
    action: request.action,
    method: request.method,
    path: request.path,
    body: request.body,
    now: NOW,
    sign: (args) => account.signTypedData(args),
    ...overrides,
  });
}

async function rejection(header: string | null, expected = request, now = NOW): Promise<{ code: string; message: string }> {
  try {
    await verifyActionToken(handle.db, header, expected, now);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("token was accepted");
}

describe("verifyActionToken", () => {
  it("accepts a fresh token bound to this request and reports its wallet", async () => {
    const verified = await verifyActionToken(handle.db, `Bearer ${await token()}`, request, NOW);
    expect(verified.wallet).toBe(account.address);
    expect(verified.payload.action).toBe("outlets.create");
  });

  it.each([
    ["missing header", null, /Missing Authorization/],
    ["not a bearer token", "Basic abc", /Bearer/],
    ["no signature part", "Bearer abcdef", /Malformed/],
    ["payload not base64url", "Bearer %%%." + "0x" + "1".repeat(130), /Malformed/],
    ["payload not JSON", `Bearer ${Buffer.from("not json").toString("base64url")}.0x${"1".repeat(130)}`, /Malformed/],
    ["payload missing fields", `Bearer ${Buffer.from(JSON.stringify({ v: 1 })).toString("base64url")}.0x${"1".repeat(130)}`, /Malformed/],
  ])("refuses a %s with UNAUTHORIZED", async (_name, header, message) => {
    const result = await rejection(header);
    expect(result.code).toBe("UNAUTHORIZED");
    expect(result.message).toMatch(message);
  });

  it("refuses an expired token (beyond the 60 s skew) and accepts one within it", async () => {
    const old = await token({ now: NOW - 400, lifetimeSeconds: 300 }); // expired 100 s ago
    expect(await rejection(`Bearer ${old}`)).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringMatching(/expired/) });
    const recent = await token({ now: NOW - 330, lifetimeSeconds: 300 }); // expired 30 s ago: within skew
    await expect(verifyActionToken(handle.db, `Bearer ${recent}`, request, NOW)).resolves.toBeDefined();
  });

  it("refuses a token issued too far in the future and one living longer than 300 s", async () => {
    expect((await rejection(`Bearer ${await token({ now: NOW + 120 })}`)).code).toBe("UNAUTHORIZED");
    expect(await rejection(`Bearer ${await token({ lifetimeSeconds: 301 })}`)).toMatchObject({
      code: "UNAUTHORIZED",
      message: expect.stringMatching(/lifetime/),
    });
  });

  it.each([
    ["action", { ...request, action: "roles.grant" }, /is for 'outlets.create'/],
    ["method", { ...request, method: "PUT" }, /method/],
    ["path", { ...request, path: "/api/outlets/verify" }, /path/],
    ["body", { ...request, body: '{"slug":"other"}' }, /body/],
  ])("refuses a token that does not match the request %s", async (_field, expected, message) => {
    const result = await rejection(`Bearer ${await token()}`, expected);
    expect(result.code).toBe("UNAUTHORIZED");
    expect(result.message).toMatch(message);
  });

  it("answers INVALID_SIGNATURE when the signature recovers to another wallet", async () => {
    const forged = await token({ sign: (args) => other.signTypedData(args) });
    expect((await rejection(`Bearer ${forged}`)).code).toBe("INVALID_SIGNATURE");
  });

  it("answers INVALID_SIGNATURE when the payload was altered after signing", async () => {
    const valid = await token();
    const [encoded, signature] = valid.split(".") as [string, `0x${string}`];
    const payload = JSON.parse(Buffer.from(encoded, "base64url").toString()) as ActionPayload;
    const tampered = encodeActionToken({ ...payload, expiresAt: payload.expiresAt + 10 }, signature);
    expect((await rejection(`Bearer ${tampered}`)).code).toBe("INVALID_SIGNATURE");
  });

  it("refuses a replay, also after the database is reopened (a restart)", async () => {
    const once = await token();
    await verifyActionToken(handle.db, `Bearer ${once}`, request, NOW);
    expect(await rejection(`Bearer ${once}`)).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringMatching(/already been used/) });
    const reopened = openDatabase({ sqliteFile: path.join(dir, "auth.sqlite") });
    try {
      await expect(verifyActionToken(reopened.db, `Bearer ${once}`, request, NOW)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    } finally {
      await reopened.close();
    }
  });

  it("accepts at most one of 20 concurrent uses of the same token", async () => {
    const shared = `Bearer ${await token()}`;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => verifyActionToken(handle.db, shared, request, NOW)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).code).toBe("UNAUTHORIZED");
  });

  it("binds the body by keccak256 of its exact bytes (no body = keccak of zero bytes)", () => {
    expect(hashBody(undefined)).toBe("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(hashBody("{}")).not.toBe(hashBody("{ }"));
  });
});
