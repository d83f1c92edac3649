import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorRoles } from "@/test/operator/support";
import { postgresAvailable } from "@/test/support/postgres";
import { leadersAmong, startCluster, waitForOneLeader, type Cluster } from "./support/cluster";
import { expectProjectionMatchesChain, projectedVote } from "./support/projection-checks";
import { acknowledged, outboxSettled, relayVotes, submissionsProjected, type VoteAnswer } from "./support/relayed-votes";
import { reachedHead } from "./support/status";
import { VOTERS } from "./support/vote-stream";

// Issue 30 item 4, without timings (the `scale` bench times it): three servers on one PostgreSQL
// and one node take relayed votes from eight editors at once, spread over the servers; when the
// first votes are acknowledged the leader gets SIGKILL with requests in flight. A follower then
// leads, the survivors go on relaying, every vote answered 2xx is on chain and in the projection,
// and the projection holds exactly the chain's votes and equals a rebuild.

const pg = await postgresAvailable();
if (!pg && process.env.CI) throw new Error("PostgreSQL at 127.0.0.1:5432 is required in CI but is not reachable");
const SLUG = "three-desk";
const SERVERS = [0, 1, 2];
const env = {
  CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000",
  CAPSULE_RATE_WRITE_PER_MIN: "100000",
  CAPSULE_RATE_WRITE_PER_IP_PER_MIN: "1000000",
  CAPSULE_RATE_VOTE_PER_HOUR: "100000",
  CAPSULE_OUTBOX_POLL_MS: "200",
};

describe.runIf(pg)("three servers on one PostgreSQL: kill -9 of the leader under relayed votes", () => {
  let cluster: Cluster;
  let ids: number[];

  beforeAll(async () => {
    cluster = await startCluster({ servers: SERVERS.length, databasePrefix: "capsule_three", env });
    ids = await cluster.stream.seedDrafts(cluster.handle.db, SLUG, 6);
    await editorRoles(cluster.handle.db, SLUG, cluster.stream);
    await cluster.stream.enableVoters(SLUG);
    await cluster.stream.publish(SLUG, ids);
    await submissionsProjected(cluster.handle.db, ids);
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  it("exactly one of the three servers leads", async () => {
    expect(await leadersAmong(cluster.servers, SERVERS)).toHaveLength(1);
  });

  it("a follower leads after the leader's kill -9; every acknowledged vote is on chain and projected; the projection equals a rebuild", async () => {
    const { servers, stream, deployment } = cluster;
    const leader = await waitForOneLeader(servers, SERVERS);
    const alive = new Set(SERVERS);
    let turn = 0;
    // round robin over the servers still alive, as a balancer would
    const target = () => {
      const list = [...alive];
      return servers[list[turn++ % list.length]!]!.baseUrl;
    };
    let killedAt = 0;
    let acks = 0;
    const onAnswer = (answer: VoteAnswer) => {
      if (acknowledged(answer)) acks += 1;
      // once a capsule's worth of votes is acknowledged, the other editors' requests are in flight
      if (killedAt === 0 && acks >= VOTERS.length) {
        alive.delete(leader);
        servers[leader]!.signal("SIGKILL");
        killedAt = answer.at;
      }
    };
    const [during, after] = [ids.slice(0, 4), ids.slice(4)];
    const answers = await relayVotes({ stream, deployment, capsuleIds: during, target, stopped: () => false, onAnswer });
    expect(killedAt).toBeGreaterThan(0);
    await servers[leader]!.exited;

    const survivors = SERVERS.filter((n) => n !== leader);
    const next = await waitForOneLeader(servers, survivors);
    expect(survivors).toContain(next);

    // with the new leader in place, relayed votes through either survivor are acknowledged
    await outboxSettled(cluster.handle.db);
    const later = await relayVotes({ stream, deployment, capsuleIds: after, target, stopped: () => false });
    expect(later.filter((a) => !acknowledged(a))).toEqual([]);
    answers.push(...later);

    await outboxSettled(cluster.handle.db);
    await reachedHead(servers[next]!.baseUrl, stream);
    const acked = answers.filter(acknowledged);
    expect(acked.filter((a) => a.at < killedAt).length).toBeGreaterThan(0);
    expect(acked.filter((a) => a.at > killedAt).length).toBeGreaterThan(0);
    for (const a of acked) {
      expect({ ...a, onChain: await stream.hasVoted(a.voter, a.capsuleId) }).toMatchObject({ onChain: true });
      expect({ ...a, projected: await projectedVote(cluster.handle.db, a.capsuleId, stream.address(a.voter)) }).toMatchObject({ projected: true });
    }
    const { votes } = await expectProjectionMatchesChain(cluster.source(next), stream, ids);
    expect(votes).toBeGreaterThanOrEqual(acked.length);
    console.log(`[three servers] ${answers.length} relayed votes, ${acked.length} acknowledged, ${answers.filter((a) => a.status === 0).length} unanswered (their server died), ${votes} on chain`);
  });
});
