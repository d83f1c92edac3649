import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Stack } from "@/test/support/stack";
import { postgresAvailable } from "@/test/support/postgres";
import { startCluster, type Cluster } from "./support/cluster";
import { expectProjectionMatchesChain } from "./support/projection-checks";
import { networkStatus, reachedHead } from "./support/status";
import { VOTERS, type VoteStream } from "./support/vote-stream";

// Two servers (`scripts/start.ts` twice) on one PostgreSQL database and one external node: one
// leads (runs the indexer), the other serves and follows. The leader is killed with SIGKILL in the
// middle of a stream of votes; the other leads within 10 s, and no VoteCast is missing or doubled:
// the projection equals a rebuild and holds exactly the votes eth_getLogs returns.

const pg = await postgresAvailable();
if (!pg && process.env.CI) throw new Error("PostgreSQL at 127.0.0.1:5432 is required in CI but is not reachable");
const SLUG = "two-desk";
const LEADS = "leadership: this server leads";

describe.runIf(pg)("two servers on one PostgreSQL", () => {
  let cluster: Cluster;
  let first: Stack;
  let second: Stack;
  let stream: VoteStream;
  let ids: number[];

  beforeAll(async () => {
    cluster = await startCluster({ servers: 2, databasePrefix: "capsule_two", env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000" } });
    [first, second] = cluster.servers as [Stack, Stack];
    stream = cluster.stream;
    ids = await stream.seedDrafts(cluster.handle.db, SLUG, 4);
    await stream.enableVoters(SLUG);
    await stream.publish(SLUG, ids);
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  it("the first server leads and the second follows; both answer from the same projection", async () => {
    expect(first.output()).toContain("this server leads: it runs the chain indexer");
    expect(second.output()).toContain("another server leads: this server serves reads and writes");
    await reachedHead(second.baseUrl, stream);
    const [leader, follower] = [await networkStatus(first.baseUrl), await networkStatus(second.baseUrl)];
    expect(leader.indexer).toMatchObject({ role: "leader", following: "subscription", status: "synced" });
    expect(follower.indexer).toMatchObject({ role: "follower", following: null, status: "synced", lastIndexedBlock: leader.indexer.lastIndexedBlock });
  });

  it("when the leader is killed mid-stream the follower leads within 10 s; no vote is missing or doubled", async () => {
    const votes: Array<[number, number, boolean]> = [];
    for (const id of ids) for (const voter of VOTERS) votes.push([voter, id, (voter + id) % 3 !== 0]);
    const killAfter = Math.floor(votes.length / 3);
    let killedAt = 0;
    const ledBefore = second.output().split(LEADS).length;
    const takeover = (async () => {
      while (killedAt === 0) await new Promise((r) => setTimeout(r, 20));
      while (second.output().split(LEADS).length === ledBefore) {
        if (Date.now() - killedAt > 60_000) throw new Error(`the second server did not lead:\n${second.output()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return Date.now() - killedAt;
    })();
    for (const [index, [voter, id, support]] of votes.entries()) {
      if (index === killAfter) {
        first.signal("SIGKILL");
        killedAt = Date.now();
      }
      await stream.vote(voter, id, support);
    }
    const tookMs = await takeover;
    console.log(`[two servers] the follower led ${tookMs} ms after the leader was killed`);
    expect(tookMs).toBeLessThan(10_000);

    const status = await reachedHead(second.baseUrl, stream);
    expect(status.indexer).toMatchObject({ role: "leader", following: "subscription" });
    const { votes: onChain } = await expectProjectionMatchesChain(cluster.source(1), stream, ids);
    expect(onChain).toBe(votes.length);
  });
});
