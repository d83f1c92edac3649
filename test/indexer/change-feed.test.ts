import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { awaitCheckpoint } from "@/lib/indexer/await-checkpoint";
import { onProjectionChange, type ProjectionChange } from "@/lib/indexer/change-feed";
import { readCheckpoint } from "@/lib/indexer/checkpoint-repository";
import { startIndexer, type IndexerHandle } from "@/features/indexer-service";
import { stopChild } from "@/lib/process/stop-child";
import { startContractsFixture, type Fixture } from "@/test/contracts/fixture";
import { eventually } from "@/features/outlets/outlets.test-support";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest } from "@/test/support/stack";
import { voteStream, type VoteStream } from "./support/vote-stream";

// The change feed for live pages: after every committed batch or rewind the indexer emits which
// capsules, wallets and event kinds changed, in its own process (listeners in the process registry) and, on
// PostgreSQL, through NOTIFY to every other server, which re-emits it locally. A waiter for a
// block (syncProjectionThrough on a follower) wakes on it and never indexes itself.

const dialects = await dialectsUnderTest();
const rootDir = path.resolve(import.meta.dirname, "..", "..");
const SLUG = "feed-desk";

describe.each(dialects)("the projection change feed on %s", (dialect) => {
  let f: Fixture;
  let handle: DatabaseHandle;
  let indexer: IndexerHandle;
  let stream: VoteStream;
  let ids: number[];
  let dir: string;
  let pgDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let child: ChildProcess | undefined;
  let childOutput = "";
  const local: ProjectionChange[] = [];
  let off = () => undefined as void;

  const remote = (): ProjectionChange[] =>
    childOutput
      .split("\n")
      .filter((line) => line.startsWith("change "))
      .map((line) => JSON.parse(line.slice("change ".length)) as ProjectionChange);

  beforeAll(async () => {
    f = await startContractsFixture();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-feed-"));
    pgDb = dialect === "postgres" ? await createTestDatabase() : undefined;
    handle = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: path.join(dir, "capsule.sqlite") });
    await migrateToLatest(handle.db);
    stream = voteStream(f.anvil.rpcUrl, f.record);
    ids = await stream.seedDrafts(handle.db, SLUG, 2);
    await stream.enableVoters(SLUG);
    await stream.publish(SLUG, ids);
    if (pgDb) {
      const spawned = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "test/indexer/feed-listener-child.ts"], {
        cwd: rootDir,
        env: { NODE_ENV: "production", PATH: process.env.PATH, HOME: process.env.HOME, FEED_DATABASE_URL: pgDb.url },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = spawned;
      spawned.stdout?.on("data", (chunk: Buffer) => (childOutput += chunk.toString()));
      spawned.stderr?.on("data", (chunk: Buffer) => (childOutput += chunk.toString()));
      await eventually(async () => (childOutput.includes("listening") ? true : undefined), "the second server to LISTEN", 60_000);
    }
    off = onProjectionChange((change) => local.push(change));
    indexer = await startIndexer({ db: handle.db, dialect: handle.dialect, rpcUrl: f.anvil.rpcUrl, wsUrl: f.anvil.wsUrl, deployment: f.record });
  });

  afterAll(async () => {
    off();
    await indexer?.stop();
    if (child) await stopChild(child, 5_000);
    await handle?.close();
    await pgDb?.drop().catch(() => undefined);
    await f?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names the capsule, the voter and the event kind of a vote, in this process and on the other server", async () => {
    const block = await stream.vote(2, ids[0]!, true);
    const isVote = (change: ProjectionChange) => change.fromBlock <= block && change.toBlock >= block && change.capsuleIds.includes(String(ids[0]));
    const change = await eventually(async () => local.find(isVote), "the vote's change here");
    expect(change.wallets).toContain(stream.address(2));
    expect(change.kinds).toEqual(["capsuleAcceptance:VoteCast"]);
    if (child) expect(await eventually(async () => remote().find(isVote), "the vote's change on the other server")).toEqual(change);
  });

  it("emits a rewind with its fork block and depth, and the capsules whose votes it removed", async () => {
    await stream.vote(3, ids[1]!, false);
    const dropped = await stream.vote(4, ids[1]!, true);
    await eventually(async () => ((await readCheckpoint(handle.db))?.blockNumber === dropped ? true : undefined), "the checkpoint at the vote");
    await stream.rollback(1);
    await stream.vote(5, ids[0]!, true);
    const isRewind = (change: ProjectionChange) => change.rewound !== undefined;
    const rewind = await eventually(async () => local.find(isRewind), "the rewind's change");
    expect(rewind).toEqual({
      fromBlock: dropped,
      toBlock: dropped,
      rewound: { forkBlock: dropped - 1, depth: 1 },
      capsuleIds: [String(ids[1])],
      wallets: [stream.address(4)],
      caseIds: [],
      kinds: ["capsuleAcceptance:VoteCast"],
    });
    if (child) expect(await eventually(async () => remote().find(isRewind), "the rewind on the other server")).toEqual(rewind);
  });

  it("wakes a waiter for a block as soon as the indexer commits it, and gives up on one that never comes", async () => {
    const head = await stream.head();
    const waiting = awaitCheckpoint(handle.db, BigInt(head + 1), 30_000);
    await stream.vote(6, ids[0]!, false);
    expect(await waiting).toBe(true);
    expect(await awaitCheckpoint(handle.db, BigInt(head + 1_000), 300)).toBe(false);
  });
});
