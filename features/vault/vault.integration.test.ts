import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { devKeys } from "@/test/support/anvil";
import { pathOf } from "@/lib/api/request";
import { vaultObject } from "@/features/vault/object.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { vaultFetch } from "@/features/vault/fetch.endpoint";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { activeOutlet, chainAccess, deployedContracts, grantRole } from "@/features/capsules/capsules.test-support";
import { addr, expectError, type Api, type Json } from "@/features/court/court.test-support";

// The vault over HTTP: content-addressed upload, idempotent re-upload, download re-hashed on read,
// size cap, MIME allow-list with magic-byte sniffing, id format, and an object tampered on disk.

const dialects = await dialectsUnderTest();
const [, uploaderKey, , otherKey, , freeKey] = devKeys;
const MAX = 4096;
// quotas of stored bytes (issue 15 item 2): per wallet and in total
const PER_WALLET = 64 * 1024;
const TOTAL = 96 * 1024;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("IHDR fake image body for the vault test")]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.each(dialects)("vault on %s", (dialect) => {
  let stack: Stack;
  let api: Api;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  // the tables below send deliberately invalid bodies too, so the body is not typed
  const upload = (body: Json, key: `0x${string}` = uploaderKey) => api.send(vaultUpload, { body: body as never }, key);

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_VAULT_MAX_BYTES: String(MAX), CAPSULE_VAULT_QUOTA_PER_WALLET_BYTES: String(PER_WALLET), CAPSULE_VAULT_QUOTA_TOTAL_BYTES: String(TOTAL) } }));
    // uploads are for members of an active outlet: the uploader owns one, the other wallet holds a role there
    await activeOutlet(api, dns, uploaderKey, "vault-desk");
    await chainAccess(stack, await deployedContracts(api)).deposit(otherKey, "100");
    await grantRole(api, uploaderKey, "vault-desk", otherKey, 1);
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("stores a file under the SHA-256 of its bytes and answers the same record for the same bytes", async () => {
    const id = sha(png);
    const first = await upload({ filename: "chart.png", mimeType: "image/png", contentBase64: png.toString("base64") });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      ok: true,
      created: true,
      object: { objectId: id, size: String(png.length), mimeType: "image/png", filename: "chart.png", uploader: addr(uploaderKey), capsuleId: null, createdAt: expect.stringMatching(/^\d+$/), uri: `${pathOf(vaultObject, { objectId: id })}?download=1` },
    });
    const onDisk = path.join(stack.dataDir, "vault", id.slice(0, 2), id);
    expect(fs.readFileSync(onDisk).equals(png)).toBe(true);
    expect(fs.readdirSync(path.dirname(onDisk)).filter((f) => f.endsWith(".tmp"))).toEqual([]);

    // to anyone but the uploader, the record of a file no capsule names does not say who stored it
    const again = await upload({ filename: "renamed.png", mimeType: "image/png", contentBase64: png.toString("base64") }, otherKey);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, created: false, object: { ...first.body.object, uploader: null } });

    const record = await api.send(vaultObject, { params: { objectId: id } });
    expect(record.status).toBe(200);
    expect(record.body).toEqual({ ok: true, object: { ...first.body.object, uploader: null } });
  });

  it("names the uploader to itself only while no capsule the reader may see names the file (a leaked document's hash tells nobody who holds it)", async () => {
    const memo = Buffer.from("Internal memo, not for publication.\n");
    const id = sha(memo);
    const body = { filename: "memo.txt", mimeType: "text/plain", contentBase64: memo.toString("base64") };
    const first = await upload(body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.object.uploader).toBe(addr(uploaderKey));
    const mineAgain = await upload(body);
    expect(mineAgain.status).toBe(200);
    expect(mineAgain.body.object.uploader).toBe(addr(uploaderKey));
    const theirs = await upload(body, otherKey);
    expect(theirs.status).toBe(200);
    expect(theirs.body.object).toMatchObject({ objectId: id, uploader: null, capsuleId: null });
    const anonymous = await fetch(`${stack.baseUrl}${pathOf(vaultObject, { objectId: id })}`);
    expect(anonymous.status).toBe(200);
    const text = await anonymous.text();
    expect(JSON.parse(text).object).toMatchObject({ objectId: id, uploader: null, capsuleId: null });
    expect(text.toLowerCase()).not.toContain(addr(uploaderKey).toLowerCase());
  });

  it("downloads the exact bytes as an attachment that browsers must not sniff", async () => {
    const id = sha(png);
    const res = await fetch(`${stack.baseUrl}${pathOf(vaultObject, { objectId: id })}?download=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="chart.png"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(png)).toBe(true);
    expect(sha(bytes)).toBe(id);
  });

  it("accepts text types as UTF-8 and normalises MIME aliases", async () => {
    const csv = Buffer.from("ward,votes\nnorth,1200\n");
    const res = await upload({ filename: "results.csv", mimeType: "text/csv", contentBase64: csv.toString("base64") });
    expect(res.status).toBe(201);
    expect(res.body.object).toMatchObject({ objectId: sha(csv), mimeType: "text/csv", size: String(csv.length) });
    const jpg = await upload({ filename: "photo.jpg", mimeType: "image/jpg", contentBase64: jpeg.toString("base64") });
    expect(jpg.status).toBe(201);
    expect(jpg.body.object.mimeType).toBe("image/jpeg");
  });

  it("refuses oversized files (413), mismatching or unlisted types (415) and unknown capsules (404)", async () => {
    const big = Buffer.alloc(MAX + 1, 0x61);
    expectError(await upload({ filename: "big.txt", mimeType: "text/plain", contentBase64: big.toString("base64") }), 413, "PAYLOAD_TOO_LARGE", `The file is ${MAX + 1} bytes; the vault accepts at most ${MAX} bytes`);
    const huge = Buffer.alloc(MAX * 2, 0x61);
    const limit = Math.ceil((MAX * 4) / 3) + 1024;
    expectError(await upload({ filename: "huge.txt", mimeType: "text/plain", contentBase64: huge.toString("base64") }), 413, "PAYLOAD_TOO_LARGE", `Request body exceeds ${limit} bytes`);
    expectError(await upload({ filename: "fake.png", mimeType: "image/png", contentBase64: jpeg.toString("base64") }), 415, "UNSUPPORTED_MEDIA_TYPE", "The content does not match the declared type image/png");
    expectError(await upload({ filename: "bin.txt", mimeType: "text/plain", contentBase64: png.toString("base64") }), 415, "UNSUPPORTED_MEDIA_TYPE", "The content does not match the declared type text/plain");
    expectError(await upload({ filename: "a.svg", mimeType: "image/svg+xml", contentBase64: Buffer.from("<svg/>").toString("base64") }), 415, "UNSUPPORTED_MEDIA_TYPE", /^The vault does not accept image\/svg\+xml; allowed: application\/pdf, image\/png/);
    expectError(await upload({ filename: "x.png", mimeType: "image/png", contentBase64: png.toString("base64"), capsuleId: "999999" }), 404, "CAPSULE_NOT_FOUND", "No capsule with id 999999");
  });

  it.each([
    ["filename with a slash", { filename: "../etc/passwd", mimeType: "text/plain", contentBase64: "YQ==" }, "filename"],
    ["content that is not base64", { filename: "a.txt", mimeType: "text/plain", contentBase64: "not base64!" }, "contentBase64"],
    ["unknown field", { filename: "a.txt", mimeType: "text/plain", contentBase64: "YQ==", owner: "me" }, "(body)"],
  ])("refuses an upload with %s (400)", async (_name, body, field) => {
    const res = await upload(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400 });
    expect(res.body.issues.map((i: Json) => i.path)).toContain(field);
  });

  it("fetches evidence links only for members, and only https links to public addresses (400 naming why)", async () => {
    const fetchLink = (body: Json, key: `0x${string}` = uploaderKey) => api.send(vaultFetch, { body: body as never }, key);
    dns.set("evidence.example.com", { a: ["127.0.0.1"] });
    dns.set("files.example.com", { a: ["10.0.0.5"] });
    expectError(await fetchLink({ url: "https://evidence.example.com/report.pdf" }, freeKey), 403, "FORBIDDEN", "Only members of an active outlet, or the challenger of a jury case in its evidence period, may upload to the vault");
    const refusals: Array<[string, string | RegExp]> = [
      ["http://evidence.example.com/report.pdf", "This link cannot be fetched: only https links can be fetched"],
      ["https://127.0.0.1/report.pdf", /^This link cannot be fetched: .*IP/],
      ["https://localhost/report.pdf", /^This link cannot be fetched: /],
      ["https://bucket.internal/report.pdf", /^This link cannot be fetched: names under \.internal/],
      ["https://evidence.example.com:6379/", "This link cannot be fetched: links with a port number are not fetched"],
      ["https://evidence.example.com/report.pdf", "evidence.example.com points to a private or reserved address, which the bridge does not fetch"],
      ["https://files.example.com/report.pdf", "files.example.com points to a private or reserved address, which the bridge does not fetch"],
      ["https://nowhere.example.com/report.pdf", "nowhere.example.com could not be resolved"],
    ];
    for (const [url, message] of refusals) {
      const res = await fetchLink({ url });
      expectError(res, 400, "VALIDATION_ERROR", message, { issues: [{ path: "url", message: typeof message === "string" ? message : expect.stringMatching(message) }] });
    }
    expectError(await fetchLink({ url: "https://evidence.example.com/report.pdf", capsuleId: "999999" }), 404, "CAPSULE_NOT_FOUND", "No capsule with id 999999");
    const unsigned = await api.rawAt(vaultFetch, undefined, "POST", { body: JSON.stringify({ url: "https://evidence.example.com/" }) });
    expect(unsigned.status).toBe(401);
  });

  it("needs a signed token to upload (401)", async () => {
    const res = await api.rawAt(vaultUpload, undefined, "POST", { body: JSON.stringify({ filename: "a.txt", mimeType: "text/plain", contentBase64: "YQ==" }) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, error: "UNAUTHORIZED", statusCode: 401 });
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    for (const bad of ["abc", "A".repeat(64), "0".repeat(63)]) {
      const res = await api.send(vaultObject, { params: { objectId: bad } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", issues: [{ path: "objectId" }] });
    }
    const unknown = "0".repeat(64);
    expectError(await api.send(vaultObject, { params: { objectId: unknown } }), 404, "VAULT_OBJECT_NOT_FOUND", `No vault object with id ${unknown}`);
    expectError(await api.send(vaultObject, { params: { objectId: unknown }, query: { download: "1" } }), 404, "VAULT_OBJECT_NOT_FOUND", `No vault object with id ${unknown}`);
  });

  it("never serves bytes that no longer match their id (500, logged)", async () => {
    const text = Buffer.from("original minutes, page 1");
    const id = sha(text);
    expect((await upload({ filename: "minutes.txt", mimeType: "text/plain", contentBase64: text.toString("base64") })).status).toBe(201);
    fs.writeFileSync(path.join(stack.dataDir, "vault", id.slice(0, 2), id), "tampered minutes, page 1");
    const res = await api.send(vaultObject, { params: { objectId: id }, query: { download: "1" } });
    expectError(res, 500, "INTERNAL_ERROR", "The stored object failed its integrity check and is not served");
    expect(JSON.stringify(res.body)).not.toContain("tampered");
    expect(stack.output()).toContain(`"objectId":"${id}"`);
  });

  it("refuses uploads from a wallet that is no member of an active outlet (a free wallet cannot fill the disk)", async () => {
    const res = await upload({ filename: "free.txt", mimeType: "text/plain", contentBase64: Buffer.from("free wallet\n").toString("base64") }, freeKey);
    expectError(res, 403, "FORBIDDEN", "Only members of an active outlet, or the challenger of a jury case in its evidence period, may upload to the vault");
  });

  it("enforces the per-wallet quota, then the total quota, with the used and allowed bytes in the error body", async () => {
    const file = (who: string, n: number) => Buffer.from(`${who} ${n} `.padEnd(MAX, "x"));
    const stored = async (key: `0x${string}`) => {
      let last: { status: number; body: Json } = { status: 0, body: {} };
      for (let n = 0; n < 40; n++) {
        last = await upload({ filename: `q${n}.txt`, mimeType: "text/plain", contentBase64: file(addr(key), n).toString("base64") }, key);
        if (last.status !== 201) break;
      }
      return last;
    };
    const mine = await stored(uploaderKey);
    expect(mine.status, JSON.stringify(mine.body)).toBe(413);
    expect(mine.body).toMatchObject({ ok: false, error: "VAULT_QUOTA_EXCEEDED", statusCode: 413, scope: "wallet", quotaBytes: String(PER_WALLET), fileBytes: String(MAX) });
    expect(Number(mine.body.usedBytes) + MAX).toBeGreaterThan(PER_WALLET);
    expect(Number(mine.body.usedBytes)).toBeLessThanOrEqual(PER_WALLET);
    const theirs = await stored(otherKey);
    expect(theirs.body).toMatchObject({ error: "VAULT_QUOTA_EXCEEDED", scope: "total", quotaBytes: String(TOTAL) });
    expect(Number(theirs.body.usedBytes) + MAX).toBeGreaterThan(TOTAL);
    expect(Number(theirs.body.usedBytes)).toBeLessThanOrEqual(TOTAL);
  });
});
