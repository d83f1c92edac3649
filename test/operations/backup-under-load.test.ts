import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { openDatabase } from "@/lib/db/connection";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { createTestDatabase } from "@/test/support/postgres";
import { compareWithRebuild } from "@/test/support/projection-compare";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { activeOutlet, addr, chainAccess, deployedContracts, grantRole } from "@/features/capsules/capsules.test-support";
import { rpc, runScript, runScriptAsync } from "./support";

// Issue 17 item 3: a backup taken while journalists keep saving drafts (signed, through the API) and
// the chain keeps moving, restored into a fresh data directory (and a fresh PostgreSQL database),
// the server started on it: every draft acknowledged before the backup began is there, and the
// projection equals a rebuild from the restored chain.
const [, ownerKey, , journalistKey, editorKey] = devKeys;
const SLUG = "backup-desk";

async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.each(await dialectsUnderTest())("backup under load and restore on %s", (dialect) => {
  it("keeps every acknowledged draft and restores a projection equal to a rebuild", async () => {
    const dns = await startTestDns();
    const env = { CAPSULE_DNS_SERVERS: dns.server, CAPSULE_DNS_TIMEOUT_MS: "3000", CAPSULE_RATE_WRITE_PER_MIN: "100000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "100000" };
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-backup-load-"));
    const target = await (dialect === "postgres" ? createTestDatabase() : Promise.resolve(undefined));
    let original: Stack | undefined;
    let restored: Stack | undefined;
    try {
      original = await startStack({ database: dialect, env });
      const api = bridgeClient(original.baseUrl);
      const contracts = await deployedContracts(api);
      const chain = chainAccess(original, contracts);
      await chain.deposit(ownerKey, "750");
      await chain.deposit(journalistKey, "100");
      await chain.deposit(editorKey, "250");
      await activeOutlet(api, dns, ownerKey, SLUG);
      await grantRole(api, ownerKey, SLUG, journalistKey, 1);
      await grantRole(api, ownerKey, SLUG, editorKey, 3);

      // One capsule goes on chain and gets a vote, so the projection holds chain events.
      const created = await api.send(capsuleCreate, { body: { title: "On chain before the backup", body: "Facts.", outletSlug: SLUG } }, journalistKey);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const chainCapsule = created.body.capsuleId as string;
      const voucher = await api.send(capsuleSubmit, { params: { id: chainCapsule }, body: {} }, journalistKey);
      expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
      await chain.submitOnChain(journalistKey, voucher.body);
      await eventually(async () => (await api.send(capsuleRead, { params: { id: chainCapsule } })).body.capsule?.status === "pending", "the capsule to be pending");
      const vote = await api.send(capsuleVote, { params: { id: chainCapsule }, body: await chain.ballot(editorKey, chainCapsule, true) }, editorKey);
      expect(vote.status, JSON.stringify(vote.body)).toBeLessThan(300);

      // The load: drafts saved one after another, and the chain moving underneath.
      const acknowledged: string[] = [];
      const failures: string[] = [];
      let running = true;
      const drafts = (async () => {
        for (let n = 0; running; n++) {
          const res = await api.send(capsuleCreate, { body: { title: `Draft ${n}`, body: `Draft number ${n}.`, outletSlug: SLUG } }, journalistKey);
          if (res.status === 201) acknowledged.push(res.body.capsuleId as string);
          else failures.push(`${res.status} ${JSON.stringify(res.body)}`);
        }
      })();
      const blocks = (async () => {
        while (running) {
          await chain.deposit(ownerKey as Hex, "0.01");
          await new Promise((r) => setTimeout(r, 200));
        }
      })();
      await eventually(async () => acknowledged.length >= 5, "some drafts");

      const before = [...acknowledged];
      const backupFile = path.join(work, "capsule.tar.gz");
      const backup = await runScriptAsync("backup.ts", [backupFile], {
        CAPSULE_DATA_DIR: original.dataDir,
        CAPSULE_ANVIL_PORT: new URL(original.nodeRpcUrl).port,
        ...(original.databaseUrl ? { DATABASE_URL: original.databaseUrl } : {}),
      });
      const duringBackup = acknowledged.length - before.length;
      running = false;
      await Promise.all([drafts, blocks]);
      expect(backup.status, backup.output).toBe(0);
      expect(backup.output).toContain("chain state taken from the running anvil");
      expect(failures).toEqual([]);
      console.log(`${before.length} drafts acknowledged before the backup, ${duringBackup} while it ran`);
      await original.stop();
      original = undefined;

      const dataDir = path.join(work, "restored");
      const restore = runScript("restore.ts", [backupFile], { CAPSULE_DATA_DIR: dataDir, ...(target ? { DATABASE_URL: target.url } : {}) });
      expect(restore.status, restore.output).toBe(0);
      restored = await startStack({ database: dialect, dataDir, databaseUrl: target?.url, env });
      expect(restored.output()).toContain("reusing the deployment");

      const handle = openDatabase({ databaseUrl: target?.url, sqliteFile: path.join(dataDir, "capsule.sqlite") });
      try {
        const rows = await handle.db.selectFrom("capsules").select(["id", "status"]).execute();
        const present = new Map(rows.map((r) => [String(r.id), r.status]));
        for (const id of before) expect(present.has(id), `draft ${id} acknowledged before the backup`).toBe(true);
        expect(present.get(chainCapsule)).toBe("pending");
        // The indexer catches up with the restored chain, which is at least as far as the copied projection.
        const head = Number(BigInt(await rpc(restored.nodeRpcUrl, "eth_blockNumber")));
        await eventually(async () => {
          const checkpoint = await sql<{ block_number: number }>`select block_number from chain_checkpoints where name = 'capsule-indexer'`.execute(handle.db);
          return Number(checkpoint.rows[0]?.block_number ?? -1) >= head;
        }, "the indexer to reach the restored chain's head");
      } finally {
        await handle.close();
      }
      const comparison = await compareWithRebuild({
        sqliteFile: dialect === "sqlite" ? path.join(dataDir, "capsule.sqlite") : undefined,
        databaseUrl: target?.url,
        rpcUrl: restored.nodeRpcUrl,
        deploymentFile: path.join(dataDir, "deployment.json"),
      });
      expect(comparison.differences).toEqual([]);
    } finally {
      await original?.stop();
      await restored?.stop();
      await target?.drop();
      await dns.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
