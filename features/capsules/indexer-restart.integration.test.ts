import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEther, parseEventLogs, type Address, type Log } from "viem";
import { articleRegistryAbi, capsuleAcceptanceAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { writeDeployment } from "@/lib/chain/deployment-record";
import { outletKey } from "@/lib/chain/vouchers";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import type { Db } from "@/lib/db/database";
import { migrateToLatest } from "@/lib/db/migrate";
import { readCheckpoint } from "@/lib/indexer/checkpoint-repository";
import { Indexer } from "@/lib/indexer/indexer";
import { projectionResets, projectors } from "@/features/projectors";
import { rebuildProjection } from "@/features/rebuild-projection";
import { indexedSources, indexerStartBlock } from "@/lib/indexer/sources";
import { applyLabel } from "@/features/court/labels";
import { statusPage } from "@/features/capsules/capsule-status-lists.repository";
import { startContractsFixture, type Fixture } from "@/test/contracts/fixture";
import { dialectsUnderTest } from "@/test/support/stack";
import { createTestDatabase } from "@/test/support/postgres";

// The chain indexer as a separate process, SIGKILLed in the middle of its back-fill (inside a
// batch's transaction), then restarted: every log of the chain ends up indexed and projected
// exactly once. Then the projection is damaged and rebuilt from the chain with
// `npm run indexer:rebuild`, which must give back exactly the state the indexer had built.

const dialects = await dialectsUnderTest();
const rootDir = path.resolve(import.meta.dirname, "..", "..");
const SLUG = "restart-desk";
const WINDOW = 3600n;
const JOURNALIST = 1;
const VOTERS = [2, 3, 4, 5, 6, 7, 8, 9];
const CAPSULES = 10; // ids 1..10; id 11 is a correction of 1
const STATUS = ["none", "pending", "finalized", "rejected", "superseded"] as const;
const bondOf = (index: number) => parseEther(String(10 + index));
const support = (capsule: number, voter: number) => (capsule === 1 ? true : capsule === 2 ? false : (capsule + voter) % 3 !== 0);

let f: Fixture;
let workDir: string;
let deploymentFile: string;
let head: number;
let logs: Log[];

const logKey = (txHash: string, logIndex: number) => `${txHash}:${logIndex}`;
const registry = () => ({ address: f.addr("articleRegistry"), abi: articleRegistryAbi });
const acceptance = () => ({ address: f.addr("capsuleAcceptance"), abi: capsuleAcceptanceAbi });

/** Submissions, bonds, 82 votes, a closing, finalizations and a correction: some 200 logs over 100+ blocks. */
async function produceChainHistory() {
  const roles = { address: f.addr("roleRegistry"), abi: roleRegistryAbi };
  await Promise.all(VOTERS.map((i) => f.mined(f.wallets[i]!.writeContract({ ...roles, functionName: "deposit", value: bondOf(i) }))));
  for (const i of VOTERS) await f.mined(f.wallets[0]!.writeContract({ ...roles, functionName: "setVoter", args: [outletKey(SLUG), f.accounts[i]!.address, true] }));
  const eligibleWeight = VOTERS.reduce((sum, i) => sum + bondOf(i), 0n);
  const submitter = f.accounts[JOURNALIST]!.address;
  for (let k = 1; k <= CAPSULES; k += 1) await f.mined(f.submit(JOURNALIST, await f.voucher(submitter, { outletSlug: SLUG, windowSeconds: WINDOW, eligibleWeight })));
  const vote = (i: number, capsule: number) =>
    f.mined(f.wallets[i]!.writeContract({ ...acceptance(), functionName: "castVote", args: [BigInt(capsule), support(capsule, i)] }));
  for (let k = 1; k <= CAPSULES; k += 1) await Promise.all(VOTERS.map((i) => vote(i, k)));
  await f.mined(f.wallets[0]!.writeContract({ ...registry(), functionName: "closeCapsule", args: [BigInt(CAPSULES)] }));
  await f.advance(Number(WINDOW) + 1);
  for (let k = 1; k < CAPSULES; k += 1) await f.mined(f.wallets[0]!.writeContract({ ...registry(), functionName: "finalizeCapsule", args: [BigInt(k)] }));
  await f.mined(f.submit(JOURNALIST, await f.voucher(submitter, { outletSlug: SLUG, windowSeconds: WINDOW, eligibleWeight, parentCapsuleId: 1n })));
  await Promise.all([2, 3].map((i) => vote(i, CAPSULES + 1)));
  await f.advance(Number(WINDOW) + 1);
  await f.mined(f.wallets[0]!.writeContract({ ...registry(), functionName: "finalizeCapsule", args: [BigInt(CAPSULES + 1)] }));
}

/** The SQL side the bridge would have written before each submission: the outlet and its drafts. */
async function seedDrafts(db: Db) {
  const now = Math.floor(Date.now() / 1000);
  const submitter = f.accounts[JOURNALIST]!.address;
  const outlet = await db
    .insertInto("outlets")
    .values({ slug: SLUG, name: "Restart desk", domain: "restart-desk.example.org", owner_wallet: f.accounts[0]!.address, status: "active", policy_id: "default", verification_token: "00".repeat(32), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (let k = 1; k <= CAPSULES + 1; k += 1) {
    const correction = k === CAPSULES + 1;
    await db
      .insertInto("capsules")
      .values({
        outlet_id: outlet.id,
        outlet_slug: SLUG,
        article_slug: `story-${k}`,
        title: `Story ${k}`,
        language: "en",
        tags_json: "[]",
        body: `Body ${k}`,
        metadata_uri: `ipfs://story-${k}`,
        content_hash: `0x${"ab".repeat(32)}`,
        submitter,
        status: "draft",
        capsule_type: correction ? "correction" : "original",
        policy_id: "default",
        window_seconds: Number(WINDOW),
        approval_threshold: 60,
        quorum_threshold: 5,
        eligible_weight: VOTERS.reduce((sum, i) => sum + bondOf(i), 0n).toString(),
        root_capsule_id: correction ? 1 : null,
        parent_capsule_id: correction ? 1 : null,
        revision_number: correction ? 1 : 0,
        revision_reason: correction ? "A date was wrong" : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

function spawnScript(script: string, env: Record<string, string>): { child: ChildProcess; exited: Promise<{ code: number | null; output: string }> } {
  const childEnv: NodeJS.ProcessEnv = { NODE_ENV: "production", PATH: process.env.PATH, HOME: process.env.HOME, ...env };
  // tsx as a loader in this one process (its CLI would run the script in a grandchild that a SIGKILL misses)
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", script], {
    cwd: rootDir,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) => child.once("exit", (code) => resolve({ code, output })));
  return { child, exited };
}

/** Everything the projection holds, without autoincrement ids of rows a rebuild writes again. */
async function projectionSnapshot(db: Db) {
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  const withoutId = <T extends { id: number }>(rows: T[]) => rows.map(({ id: _id, ...rest }) => rest);
  return {
    capsules: await db.selectFrom("capsules").selectAll().orderBy("id").execute(),
    votes: sorted(withoutId(await db.selectFrom("capsule_votes").selectAll().execute())),
    activity: sorted(withoutId(await db.selectFrom("activity").selectAll().execute())),
    events: sorted(withoutId(await db.selectFrom("chain_events").selectAll().execute())),
    labels: await db.selectFrom("integrity_label_history").selectAll().orderBy("id").execute(),
    checkpoint: (await readCheckpoint(db))?.blockNumber,
  };
}

beforeAll(async () => {
  f = await startContractsFixture();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-indexer-restart-"));
  deploymentFile = path.join(workDir, "deployment.json");
  writeDeployment(deploymentFile, f.record);
  await produceChainHistory();
  head = Number(await f.publicClient.getBlockNumber({ cacheTime: 0 }));
  logs = await f.publicClient.getLogs({ address: indexedSources(f.record).map((s) => s.address), fromBlock: BigInt(indexerStartBlock(f.record)), toBlock: BigInt(head) });
});

afterAll(async () => {
  await f?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** Status-filtered lists (count and anchors cached under the list version) equal the plain query, every status, every depth. */
async function expectStatusListsLikePlain(db: Db) {
  for (const status of ["pending", "accepted", "rejected", "finalized", "superseded"] as const) {
    const plain = (await db.selectFrom("capsules").select("id").where("status", "=", status).orderBy("id", "desc").execute()).map((r) => r.id);
    for (let offset = 0; offset <= plain.length; offset += 2) {
      const got = await statusPage(db, { status }, { offset, limit: 2 });
      expect({ status, offset, ids: got.rows.map((r) => r.id), total: got.total }).toEqual({ status, offset, ids: plain.slice(offset, offset + 2), total: plain.length });
    }
  }
}

describe.each(dialects)("the chain indexer on %s", (dialect) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let dbEnv: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(workDir, `${dialect}-`));
    pgDb = dialect === "postgres" ? await createTestDatabase() : undefined;
    handle = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: path.join(dataDir, "capsule.sqlite") });
    await migrateToLatest(handle.db);
    await seedDrafts(handle.db);
    dbEnv = pgDb ? { DATABASE_URL: pgDb.url } : { CAPSULE_DATA_DIR: dataDir };
  });

  afterAll(async () => {
    await handle?.close();
    await pgDb?.drop().catch(() => undefined);
  });

  const runIndexer = (eventDelayMs: number) =>
    spawnScript("features/capsules/indexer-child.test-support.ts", {
      INDEXER_DEPLOYMENT_FILE: deploymentFile,
      INDEXER_RPC_URL: f.anvil.rpcUrl,
      INDEXER_SQLITE_FILE: path.join(dataDir, "capsule.sqlite"),
      ...(pgDb ? { INDEXER_DATABASE_URL: pgDb.url } : {}),
      INDEXER_BATCH_BLOCKS: "3",
      INDEXER_EVENT_DELAY_MS: String(eventDelayMs),
    });

  it("resumes after being killed mid-stream: no event lost, none projected twice", async () => {
    const start = indexerStartBlock(f.record);
    const first = runIndexer(15);
    let killedAt: number | undefined;
    for (;;) {
      const checkpoint = await readCheckpoint(handle.db);
      if (checkpoint && checkpoint.blockNumber >= start + Math.floor((head - start) / 3)) {
        first.child.kill("SIGKILL");
        break;
      }
      if (first.child.exitCode !== null) throw new Error(`the indexer ended before it could be killed:\n${(await first.exited).output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await first.exited).code).toBeNull(); // killed, not finished
    killedAt = (await readCheckpoint(handle.db))!.blockNumber;
    expect(killedAt).toBeLessThan(head);
    // Each batch is one transaction: what survived the kill is exactly the logs up to the checkpoint.
    const stored = await handle.db.selectFrom("chain_events").select(["tx_hash", "log_index"]).execute();
    const expectedSoFar = logs.filter((log) => Number(log.blockNumber) <= killedAt!).map((log) => logKey(log.transactionHash!, log.logIndex!));
    expect(stored.map((row) => logKey(row.tx_hash, row.log_index)).sort()).toEqual(expectedSoFar.sort());
    expect(expectedSoFar.length).toBeLessThan(logs.length);

    const second = runIndexer(0);
    const done = await second.exited;
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain(`"fromBlock":${killedAt + 1}`);
    expect((await readCheckpoint(handle.db))!.blockNumber).toBe(head);

    const db = handle.db;
    const events = await db.selectFrom("chain_events").select(["tx_hash", "log_index"]).execute();
    expect(events.map((row) => logKey(row.tx_hash, row.log_index)).sort()).toEqual(logs.map((log) => logKey(log.transactionHash!, log.logIndex!)).sort());

    const voteLogs = parseEventLogs({ abi: capsuleAcceptanceAbi, eventName: "VoteCast", logs });
    expect(voteLogs).toHaveLength(CAPSULES * VOTERS.length + 2);
    expect(await db.selectFrom("capsule_votes").select("id").execute()).toHaveLength(voteLogs.length);
    const activity = await db.selectFrom("activity").select(["kind", "tx_hash", "wallet"]).execute();
    const count = (kind: string) => activity.filter((row) => row.kind === kind).length;
    expect(count("capsule.vote_cast")).toBe(voteLogs.length);
    expect(count("bond.deposited")).toBe(VOTERS.length);
    expect(count("capsule.submitted")).toBe(CAPSULES + 1);
    expect(new Set(activity.map((row) => `${row.kind}:${row.tx_hash}:${row.wallet}`)).size).toBe(activity.length);

    for (let id = 1; id <= CAPSULES + 1; id += 1) {
      const row = await db.selectFrom("capsules").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const [yes, no] = await f.publicClient.readContract({ ...acceptance(), functionName: "tally", args: [BigInt(id)] });
      const onChain = await f.publicClient.readContract({ ...registry(), functionName: "capsules", args: [BigInt(id)] });
      expect({ id, status: row.status, yes: row.yes_votes, no: row.no_votes }).toEqual({ id, status: STATUS[onChain[4]], yes: yes.toString(), no: no.toString() });
    }
    const labels = await db.selectFrom("capsules").select(["id", "integrity_label"]).where("integrity_label", "!=", "clean").orderBy("id").execute();
    expect(labels).toEqual([
      { id: 1, integrity_label: "corrected" },
      { id: CAPSULES + 1, integrity_label: "corrected" },
    ]);
    expect(await db.selectFrom("integrity_label_history").select(["capsule_id", "label"]).execute()).toEqual([{ capsule_id: CAPSULES + 1, label: "corrected" }]);

    // A second indexer going over blocks already indexed (as a route's sync racing the background
    // loop does) inserts and projects nothing.
    const before = await projectionSnapshot(db);
    const replay = new Indexer({ resets: projectionResets, db, dialect: handle.dialect, rpcUrl: f.anvil.rpcUrl, chainId: f.record.chainId, startBlock: start, sources: indexedSources(f.record), projectors, batchBlocks: 2000 });
    expect(await replay.indexRange(start, head)).toEqual({ events: logs.length, inserted: 0 });
    expect(await projectionSnapshot(db)).toEqual(before);
  });

  it("rebuilds the projection from the chain (npm run indexer:rebuild), repairing a damaged one and keeping court labels", async () => {
    const db = handle.db;
    await db.transaction().execute((trx) =>
      applyLabel(trx, { capsuleId: 5, label: "contested", by: f.accounts[4]!.address as Address, reason: "a case was opened", caseId: null, at: Math.floor(Date.now() / 1000) }),
    );
    const before = await projectionSnapshot(db);
    expect(before.capsules.find((c) => c.id === 5)?.integrity_label).toBe("contested");
    await expectStatusListsLikePlain(db); // cached in this process; the damage and the rebuild's script write from others

    await db.deleteFrom("capsule_votes").where("capsule_id", "=", 2).execute();
    await db.updateTable("capsules").set({ yes_votes: "0", status: "pending", integrity_label: "clean" }).where("id", "in", [1, 3]).execute();
    await db.deleteFrom("activity").where("subject_id", "=", "4").execute();
    await db.deleteFrom("chain_events").where("block_number", ">", head - 20).execute();
    expect(await projectionSnapshot(db)).not.toEqual(before);
    await expectStatusListsLikePlain(db);

    const rebuilt = spawnScript("scripts/rebuild-projection.ts", { ...dbEnv, CAPSULE_NODE_RPC_URL: f.anvil.rpcUrl, CAPSULE_DEPLOYMENT_FILE: deploymentFile });
    const done = await rebuilt.exited;
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain(`[rebuild] projection rebuilt from blocks ${indexerStartBlock(f.record)}..${head}: ${logs.length} events`);
    expect(await projectionSnapshot(db)).toEqual(before);
    await expectStatusListsLikePlain(db);

    // The function itself, a second time: the same state again.
    await rebuildProjection({ db, dialect: handle.dialect, rpcUrl: f.anvil.rpcUrl, deployment: f.record });
    expect(await projectionSnapshot(db)).toEqual(before);
  });
});
