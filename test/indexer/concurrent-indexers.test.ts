import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDeployment } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { Indexer } from "@/lib/indexer/indexer";
import { projectionResets, projectors } from "@/features/projectors";
import { indexedSources, indexerStartBlock } from "@/lib/indexer/sources";
import { startContractsFixture, type Fixture } from "@/test/contracts/fixture";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest } from "@/test/support/stack";
import { expectProjectionMatchesChain } from "./support/projection-checks";
import { VOTERS, voteStream, type VoteStream } from "./support/vote-stream";

// Two indexers writing one database at the same time (two leaders for a moment, or a leader and a
// rebuild): each batch commits only if the checkpoint is still the one it continues, otherwise it
// is read again, so every event is projected exactly once — through rollbacks too.

const dialects = await dialectsUnderTest();
const SLUG = "race-desk";

describe.each(dialects)("two indexers on one %s database", (dialect) => {
  let f: Fixture;
  let dir: string;
  let pgDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const handles: DatabaseHandle[] = [];
  let stream: VoteStream;
  let ids: number[];
  let deploymentFile: string;

  const open = () => {
    const handle = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: path.join(dir, "capsule.sqlite") });
    handles.push(handle);
    return handle;
  };
  const indexer = (handle: DatabaseHandle) =>
    new Indexer({ resets: projectionResets, db: handle.db, dialect: handle.dialect, rpcUrl: f.anvil.rpcUrl, chainId: f.record.chainId, startBlock: indexerStartBlock(f.record), sources: indexedSources(f.record), projectors, batchBlocks: 3 });

  beforeAll(async () => {
    f = await startContractsFixture();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-race-"));
    deploymentFile = path.join(dir, "deployment.json");
    writeDeployment(deploymentFile, f.record);
    pgDb = dialect === "postgres" ? await createTestDatabase() : undefined;
    const first = open();
    await migrateToLatest(first.db);
    stream = voteStream(f.anvil.rpcUrl, f.record);
    ids = await stream.seedDrafts(first.db, SLUG, 3);
    await stream.enableVoters(SLUG);
    await stream.publish(SLUG, ids);
  });

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await pgDb?.drop().catch(() => undefined);
    await f?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("projects every vote once while both index the same blocks, and after a rollback", async () => {
    const [a, b] = [indexer(open()), indexer(open())];
    const both = () => Promise.all([a.syncToHead(), b.syncToHead()]);
    for (const voter of VOTERS) {
      await stream.vote(voter, ids[voter % 2]!, voter % 3 !== 0);
      if (voter % 3 === 0) await both();
    }
    const results = await both();
    expect(results.map((r) => r.toBlock)).toContain(await stream.head());
    await stream.rollback(4);
    for (const voter of VOTERS.slice(0, 4)) await stream.vote(voter, ids[2]!, true);
    await both();
    await both(); // both at the head now
    const handle = handles[0]!;
    // one of them rewound (which one, and whether its pass then started over because the other
    // committed a batch first, is a race; the recorded reorg is not)
    const reorgs = await handle.db.selectFrom("chain_reorgs").select(["fork_block", "depth"]).where("outcome", "=", "rewound").execute();
    expect(reorgs.length).toBeGreaterThanOrEqual(1);
    expect(reorgs.every((r) => Number(r.depth) >= 1)).toBe(true);
    await expectProjectionMatchesChain(
      { db: handle.db, ...(pgDb ? { databaseUrl: pgDb.url } : { sqliteFile: path.join(dir, "capsule.sqlite") }), rpcUrl: f.anvil.rpcUrl, deploymentFile },
      stream,
      ids,
    );
  });
});
