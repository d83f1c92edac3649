import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { activeOutlet } from "@/features/capsules/capsules.test-support";

// Vault quotas under concurrency (issue 15 item 2): the quota is checked again inside the insert's
// transaction, serialized (an advisory lock on PostgreSQL, the single writer on SQLite), so a burst
// of simultaneous uploads by one wallet stores exactly what fits and refuses the rest with 413.

const dialects = await dialectsUnderTest();
const [, uploaderKey] = devKeys;
const MAX = 4096;
const FITS = 5;
const BURST = 14;

describe.each(dialects)("vault quota under concurrent uploads on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;

  beforeAll(async () => {
    const desk = await startDeskStack(dialect, {
      env: { CAPSULE_VAULT_MAX_BYTES: String(MAX), CAPSULE_VAULT_QUOTA_PER_WALLET_BYTES: String(FITS * MAX), CAPSULE_VAULT_QUOTA_TOTAL_BYTES: String(100 * MAX) },
    });
    ({ stack, dns, stop: stopDesk } = desk);
    await activeOutlet(desk.api, dns, uploaderKey as `0x${string}`, "quota-desk");
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it(`stores exactly ${FITS} of ${BURST} simultaneous full-size uploads and refuses the others with 413`, async () => {
    const api = bridgeClient(stack.baseUrl);
    const file = (n: number) => Buffer.from(`burst ${n} `.padEnd(MAX, "y")).toString("base64");
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, n) => api.send(vaultUpload, { body: { filename: `burst-${n}.txt`, mimeType: "text/plain", contentBase64: file(n) } }, uploaderKey as `0x${string}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(FITS);
    expect(statuses.filter((s) => s === 413)).toHaveLength(BURST - FITS);
    for (const refused of answers.filter((a) => a.status === 413)) {
      expect(refused.body).toMatchObject({ ok: false, error: "VAULT_QUOTA_EXCEEDED", statusCode: 413, scope: "wallet", quotaBytes: String(FITS * MAX), usedBytes: String(FITS * MAX) });
    }
    // and nothing more fits afterwards
    const after = await api.send(vaultUpload, { body: { filename: "after.txt", mimeType: "text/plain", contentBase64: file(BURST) } }, uploaderKey as `0x${string}`);
    expect(after.status).toBe(413);
    // the refused uploads left nothing on disk: the vault holds exactly the stored files (no staged leftovers)
    const onDisk = fs.readdirSync(path.join(stack.dataDir, "vault"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(onDisk.filter((entry) => entry.name.endsWith(".tmp"))).toEqual([]);
    expect(onDisk.filter((entry) => /^[0-9a-f]{64}$/.test(entry.name))).toHaveLength(FITS);
  });
});
