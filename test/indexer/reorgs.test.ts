import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { readDeployment } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { decodeChange, PROJECTION_CHANNEL } from "@/lib/indexer/change-feed-postgres";
import type { ProjectionChange } from "@/lib/indexer/change-feed";
import { externalNodeEnv, startTestAnvil } from "@/test/support/anvil";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { expectProjectionMatchesChain, projectedVote, stackSource, type ProjectionSource } from "./support/projection-checks";
import { networkStatus, reachedHead, sampleStatus } from "./support/status";
import { voteStream, type VoteStream } from "./support/vote-stream";

// Reorgs and rollbacks of depth 1, 5 and 50 in the middle of a stream of votes cast by the voters'
// own wallets, against the real stack (`scripts/start.ts`) on an external anvil: after each, once
// the projection has reached the new head, it holds exactly the chain's votes and equals a rebuild
// table by table; a voter whose vote was rolled back can vote again; /api/network/status never
// says `synced` with its checkpoint above the head, and reports the reorg's depth and fork block.

const dialects = await dialectsUnderTest();
const SLUG = "reorg-desk";

describe.each(dialects)("the indexer through reorgs and rollbacks on %s", (dialect) => {
  let anvil: AnvilHandle;
  let stack: Stack;
  let handle: DatabaseHandle;
  let stream: VoteStream;
  let source: ProjectionSource;
  let ids: number[];
  let sampler: ReturnType<typeof sampleStatus>;
  let listener: pg.Client | undefined;
  const notified: ProjectionChange[] = [];

  /** Waits for the projection to reach the head; logs how long that took after the new head. */
  const settle = async (what: string) => {
    const started = Date.now();
    const status = await reachedHead(stack.baseUrl, stream);
    console.log(`[reorgs ${dialect}] ${what}: projection at head ${status.indexer.lastIndexedBlock} after ${Date.now() - started} ms`);
    return status;
  };

  beforeAll(async () => {
    anvil = await startTestAnvil();
    stack = await startStack({ database: dialect, env: { ...(await externalNodeEnv(anvil)), CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000" } });
    const deployment = readDeployment(path.join(stack.dataDir, "deployment.json"));
    if (!deployment) throw new Error("the stack wrote no deployment record");
    handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
    stream = voteStream(anvil.rpcUrl, deployment);
    source = stackSource(stack, handle.db, anvil.rpcUrl);
    if (stack.databaseUrl) {
      listener = new pg.Client({ connectionString: stack.databaseUrl });
      await listener.connect();
      listener.on("notification", (message) => {
        const decoded = message.payload ? decodeChange(message.payload) : undefined;
        if (decoded) notified.push(decoded.change);
      });
      await listener.query(`listen ${PROJECTION_CHANNEL}`);
    }
    ids = await stream.seedDrafts(handle.db, SLUG, 4);
    await stream.enableVoters(SLUG);
    await stream.publish(SLUG, ids);
    await settle("capsules published");
    sampler = sampleStatus(stack.baseUrl);
  });

  afterAll(async () => {
    await sampler?.stop();
    await listener?.end();
    await handle?.close();
    await stack?.stop();
    await anvil?.stop();
  });

  it("undoes a reorg of depth 1 (anvil_reorg) that drops a vote, and the voter can vote again", async () => {
    const capsule = ids[0]!;
    await stream.vote(2, capsule, true);
    await stream.vote(3, capsule, false);
    const dropped = await stream.vote(4, capsule, true);
    await settle("before the reorg");
    expect(await projectedVote(handle.db, capsule, stream.address(4))).toBe(true);
    const before = await networkStatus(stack.baseUrl);

    await stream.reorg(1); // block `dropped` is replaced by an empty one: voter 4's vote is gone
    await stream.vote(5, capsule, true);
    const status = await settle("after a reorg of depth 1");

    expect(status.indexer.reorgs).toBe(before.indexer.reorgs + 1);
    expect(status.indexer.lastReorg).toMatchObject({ depth: 1, forkBlock: String(dropped - 1), fromBlock: String(dropped) });
    expect(await stream.hasVoted(4, capsule)).toBe(false);
    expect(await projectedVote(handle.db, capsule, stream.address(4))).toBe(false);
    await expectProjectionMatchesChain(source, stream, ids);

    await stream.vote(4, capsule, false); // the contract accepts the vote again
    await settle("voter 4 voted again");
    expect(await projectedVote(handle.db, capsule, stream.address(4))).toBe(true);
    await expectProjectionMatchesChain(source, stream, ids);
  });

  it("undoes a rollback of depth 5 (anvil_rollback) and indexes the blocks mined after it", async () => {
    const capsule = ids[1]!;
    const rolledBack = [2, 3, 4, 5, 6];
    let last = 0;
    for (const voter of rolledBack) last = await stream.vote(voter, capsule, voter % 2 === 0);
    await settle("before the rollback");
    for (const voter of rolledBack) expect(await projectedVote(handle.db, capsule, stream.address(voter))).toBe(true);

    await stream.rollback(5);
    await stream.vote(7, capsule, true);
    await stream.vote(8, capsule, false);
    const status = await settle("after a rollback of depth 5");

    expect(status.indexer.lastReorg).toMatchObject({ depth: 5, forkBlock: String(last - 5), fromBlock: String(last) });
    for (const voter of rolledBack) {
      expect(await stream.hasVoted(voter, capsule)).toBe(false);
      expect(await projectedVote(handle.db, capsule, stream.address(voter))).toBe(false);
    }
    await expectProjectionMatchesChain(source, stream, ids);
    await stream.vote(2, capsule, true);
    await settle("voter 2 voted again");
    expect(await projectedVote(handle.db, capsule, stream.address(2))).toBe(true);
  });

  it("undoes a reorg of depth 50 (evm_snapshot / evm_revert) whose new branch has other votes", async () => {
    const [first, second] = [ids[2]!, ids[3]!];
    const fork = Number((await settle("before the snapshot")).indexer.lastIndexedBlock);
    const snapshot = await stream.snapshot();
    for (const voter of [2, 3, 4, 5, 6, 7, 8, 9]) await stream.vote(voter, first, true);
    for (const voter of [2, 3, 4, 5, 6, 7, 8, 9]) await stream.vote(voter, second, false);
    await stream.mine(50 - 16);
    expect(await stream.head()).toBe(fork + 50);
    await settle("on the branch that will go");
    const reorgsBefore = (await networkStatus(stack.baseUrl)).indexer.reorgs;

    await stream.revert(snapshot);
    for (const voter of [2, 3, 4]) await stream.vote(voter, first, false);
    await stream.vote(9, second, true);
    const status = await settle("after a reorg of depth 50");

    expect(status.indexer.reorgs).toBe(reorgsBefore + 1);
    expect(status.indexer.lastReorg).toMatchObject({ depth: 50, forkBlock: String(fork), fromBlock: String(fork + 50) });
    expect(await projectedVote(handle.db, first, stream.address(5))).toBe(false);
    expect(await projectedVote(handle.db, second, stream.address(2))).toBe(false);
    await expectProjectionMatchesChain(source, stream, ids);
    if (listener) {
      // the leader NOTIFYs every change; the rewind's names the fork and the capsules it touched
      const rewinds = notified.filter((change) => change.rewound?.depth === 50);
      expect(rewinds).toHaveLength(1);
      expect(rewinds[0]).toMatchObject({ fromBlock: fork + 1, toBlock: fork + 50, rewound: { forkBlock: fork, depth: 50 } });
      expect(rewinds[0]!.capsuleIds.sort()).toEqual([String(first), String(second)].sort());
      expect(rewinds[0]!.kinds).toContain("capsuleAcceptance:VoteCast");
    }
  });

  it("moves only the checkpoint back for a reorg of blocks without indexed events", async () => {
    await stream.mine(3);
    const old = Number((await settle("three empty blocks")).indexer.lastIndexedBlock);
    await stream.reorg(3);
    await stream.mine(1);
    const status = await settle("after a reorg of three empty blocks");
    expect(status.indexer.lastReorg).toMatchObject({ depth: 3, forkBlock: String(old - 3), fromBlock: String(old), eventsRemoved: 0 });
    await expectProjectionMatchesChain(source, stream, ids);
  });

  it("never answered `synced` while its checkpoint was above the node's head", async () => {
    await sampler.stop();
    expect(sampler.samples()).toBeGreaterThan(10);
    expect(sampler.violations).toEqual([]);
    const status = await networkStatus(stack.baseUrl);
    expect(status.indexer).toMatchObject({ status: "synced", role: "leader", following: "subscription", reorgs: 4 });
  });
});
