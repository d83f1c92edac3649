import { toHex } from "viem";
import type { Stack } from "@/test/support/stack";
import { editorRoles } from "@/test/operator/support";
import { startCluster, waitForOneLeader } from "@/test/indexer/support/cluster";
import { projectedVote, projectionDifferences } from "@/test/indexer/support/projection-checks";
import { acknowledged, outboxSettled, relayVotes, submissionsProjected, type VoteAnswer } from "@/test/indexer/support/relayed-votes";
import { reachedHead } from "@/test/indexer/support/status";
import { JOURNALIST } from "@/test/indexer/support/vote-stream";
import { onCleanup } from "./support/cleanup";
import { haproxyVersion, startHaproxy, type Haproxy } from "./support/haproxy";
import { load, type LoadFigures } from "./support/load";
import { loadAverage } from "./support/machine";
import { processCpuMs } from "./support/process-cpu";
import { percentile } from "./support/stats";

// Issue 30 item 4 (`npm run bench scale`): three bridge servers on one PostgreSQL database and one
// anvil, Debian's haproxy on loopback in front. The same load goes through the balancer with one
// server behind it, then three: reads (a capsule by id, list pages) from autocannon and relayed
// votes from eight editors. Then, under that load with three servers, the indexer leader gets
// kill -9: the bench polls the survivors until one leads, and checks that every vote answered
// 2xx is on chain and in the projection and that the projection equals a rebuild. The same
// failover without timings is test/indexer/three-servers-failover.test.ts.

export type PhaseFigures = {
  name: string;
  servers: number;
  reads: LoadFigures;
  votes: { acknowledged: number; failed: number; perSecond: number; p50: number; p99: number };
  /** The three servers' CPU time per request (reads and votes together), whether or not behind the balancer. */
  serverCpuMsPerRequest: number;
  load: string;
};

export type FailoverFigures = {
  killedServer: number;
  newLeader: number;
  /** From the SIGKILL to the first survivor's status saying it leads (polled every 50 ms). */
  failoverMs: number;
  /** From the SIGKILL to haproxy's stats showing the killed server DOWN. */
  markedDownMs: number;
  acknowledged: number;
  onChain: number;
  projected: number;
  votesOnChain: number;
  differences: string[];
};

export type ScaleFigures = { haproxy: string; capsules: number; connections: number; seconds: number; phases: PhaseFigures[]; failover: FailoverFigures };

const SLUG = "scale-desk";
const ENV = {
  CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000",
  CAPSULE_RATE_WRITE_PER_MIN: "1000000",
  CAPSULE_RATE_WRITE_PER_IP_PER_MIN: "1000000",
  CAPSULE_RATE_VOTE_PER_HOUR: "1000000",
  // behind haproxy (option forwardfor): the client's address is the last X-Forwarded-For entry
  CAPSULE_TRUST_PROXY: "1",
};
const WARM_UP_SECONDS = 3;
const FIRST_WARM_UP_SECONDS = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function voteFigures(answers: VoteAnswer[], from: number, to: number) {
  const within = answers.filter((a) => a.at >= from && a.at <= to);
  const acked = within.filter(acknowledged);
  const ms = acked.map((a) => a.ms);
  return { acknowledged: acked.length, failed: within.length - acked.length, perSecond: acked.length / ((to - from) / 1000), p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

/**
 * `rounds` pairs of phases (1 server, 3 servers; the order alternates from round to round, so a
 * drift in the machine's load hits both alike), then the failover phase. The capsules are split
 * in as many pools as phases: each phase's editors vote on their own.
 */
export async function benchScale(options: { seconds: number; rounds: number; capsules: number; connections: number; killAfterSeconds: number; log: (m: string) => void }): Promise<ScaleFigures> {
  const haproxy = haproxyVersion(); // before anything starts: without haproxy the bench stops here
  const { log } = options;
  log(`scale: starting three servers on one PostgreSQL database and one anvil…`);
  const cluster = await startCluster({ servers: 3, databasePrefix: "capsule_bench", env: ENV });
  const stopCluster = onCleanup(cluster.stop);
  try {
    const { servers, stream, deployment, handle } = cluster;
    log(`scale: ${options.capsules} capsules submitted and open for votes…`);
    const ids = await stream.seedDrafts(handle.db, SLUG, options.capsules);
    await editorRoles(handle.db, SLUG, stream);
    await stream.enableVoters(SLUG);
    // a submission costs the journalist 30 units: anvil's 10,000 pay for 330 of them
    await stream.rpc("anvil_setBalance", [stream.address(JOURNALIST), toHex(10n ** 24n)]);
    await stream.publish(SLUG, ids);
    await submissionsProjected(handle.db, ids);
    const pages = Math.ceil(ids.length / 20);
    const readPath = () =>
      Math.random() < 0.5 ? `/api/capsules/${ids[Math.floor(Math.random() * ids.length)]}` : `/api/capsules?page=${1 + Math.floor(Math.random() * pages)}&limit=20`;
    const phaseCount = 2 * options.rounds + 1;
    const pool = Math.floor(ids.length / phaseCount);
    const pools = Array.from({ length: phaseCount }, (_, k) => ids.slice(k * pool, k === phaseCount - 1 ? ids.length : (k + 1) * pool));
    const allAnswers: VoteAnswer[] = [];
    const phases: PhaseFigures[] = [];

    /** Reads and relayed votes through the balancer for `seconds`; `during` runs alongside (the failover). */
    const phase = async (name: string, behind: number[], capsuleIds: number[], during?: (proxy: Haproxy) => Promise<void>) => {
      const proxy = await startHaproxy(behind.map((n) => servers[n]!.baseUrl));
      try {
        // the first request of a route loads its modules: one refused vote per server (no token: 401), then reads
        for (const n of behind) await fetch(`${servers[n]!.baseUrl}/api/capsules/${capsuleIds[0]}/vote`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).then((r) => r.arrayBuffer());
        await load(proxy.url, readPath, { seconds: WARM_UP_SECONDS, connections: options.connections });
        // all three servers, also those not behind the balancer (they follow the leader all the same);
        // a server killed in the phase has no CPU figure at its end: then the phase has none
        const cpu = () => servers.map((server) => processCpuMs(server.pid ?? -1) ?? Number.NaN).reduce((sum, ms) => sum + ms, 0);
        const loadBefore = loadAverage();
        const cpuBefore = cpu();
        let stopped = false;
        const from = Date.now();
        const votes = relayVotes({ stream, deployment, capsuleIds, target: () => proxy.url, stopped: () => stopped });
        const side = during?.(proxy);
        const reads = await load(proxy.url, readPath, { seconds: options.seconds, connections: options.connections });
        const to = Date.now();
        const cpuMs = cpu() - cpuBefore;
        stopped = true;
        const answers = await votes;
        await side;
        allAnswers.push(...answers);
        if (answers.length >= capsuleIds.length * 8) log(`  ${name}: the editors ran out of capsules before the end; raise BENCH_SCALE_CAPSULES`);
        const figures: PhaseFigures = {
          name,
          servers: behind.length,
          reads,
          votes: voteFigures(answers, from, to),
          serverCpuMsPerRequest: cpuMs / Math.max(1, reads.requests + answers.length),
          load: `${loadBefore}→${loadAverage()}`,
        };
        phases.push(figures);
        const firstError = answers.find((a) => !acknowledged(a));
        log(
          `  ${name}: reads ${reads.rps.toFixed(0)} req/s (p50 ${reads.p50} / p99 ${reads.p99} ms, ${reads.errors} errors); votes ${figures.votes.perSecond.toFixed(1)}/s ` +
            `(p50 ${figures.votes.p50.toFixed(0)} / p99 ${figures.votes.p99.toFixed(0)} ms, ${figures.votes.failed} not acknowledged${firstError ? `, first: ${firstError.status} ${firstError.outcome}` : ""}); load ${figures.load}`,
        );
      } finally {
        await proxy.stop();
      }
    };

    // every server's first requests are slow (route modules load, the JIT warms up): before the
    // first phase, reads through all three, so no phase measures a cold server
    const warm = await startHaproxy(servers.map((server) => server.baseUrl));
    try {
      log(`scale: warming the three servers up, ${FIRST_WARM_UP_SECONDS} s of reads…`);
      await load(warm.url, readPath, { seconds: FIRST_WARM_UP_SECONDS, connections: options.connections });
    } finally {
      await warm.stop();
    }
    // "1 server" is the leader alone behind the balancer (the others keep following it)
    const leader = await waitForOneLeader(servers, [0, 1, 2]);
    for (let round = 1; round <= options.rounds; round += 1) {
      const order = round % 2 === 1 ? [[leader], [0, 1, 2]] : [[0, 1, 2], [leader]];
      for (const [k, behind] of order.entries()) {
        const name = behind.length === 1 ? "1 server" : "3 servers";
        log(`scale: round ${round}/${options.rounds}, ${name} behind haproxy, ${options.seconds} s…`);
        await phase(name, behind, pools[2 * (round - 1) + k]!);
      }
    }

    const killedServer = await waitForOneLeader(servers, [0, 1, 2]);
    const survivors = [0, 1, 2].filter((n) => n !== killedServer);
    let failoverMs = Number.NaN;
    let markedDownMs = Number.NaN;
    let newLeader = -1;
    log(`scale: three servers under load; kill -9 of the leader (server ${killedServer}) after ${options.killAfterSeconds} s…`);
    await phase("3 servers, leader killed", [0, 1, 2], pools[phaseCount - 1]!, async (proxy) => {
      await sleep(options.killAfterSeconds * 1000);
      const stack: Stack = servers[killedServer]!;
      const killedAt = Date.now();
      stack.signal("SIGKILL");
      const down = (async () => {
        while ((await proxy.states())[killedServer] === "UP") await sleep(20);
        markedDownMs = Date.now() - killedAt;
      })();
      newLeader = await waitForOneLeader(servers, survivors, { everyMs: 50 });
      failoverMs = Date.now() - killedAt;
      await down;
      log(`  server ${newLeader} leads ${failoverMs} ms after the kill; haproxy marked the killed server down after ${markedDownMs} ms`);
    });

    log("scale: checking every acknowledged vote and the projection against a rebuild…");
    await outboxSettled(handle.db);
    await reachedHead(servers[newLeader]!.baseUrl, stream);
    const acked = allAnswers.filter(acknowledged);
    let onChain = 0;
    let projected = 0;
    for (const a of acked) {
      if (await stream.hasVoted(a.voter, a.capsuleId)) onChain += 1;
      if (await projectedVote(handle.db, a.capsuleId, stream.address(a.voter))) projected += 1;
    }
    const { differences, votes } = await projectionDifferences(cluster.source(newLeader), stream, ids);
    return {
      haproxy,
      capsules: ids.length,
      connections: options.connections,
      seconds: options.seconds,
      phases,
      failover: { killedServer, newLeader, failoverMs, markedDownMs, acknowledged: acked.length, onChain, projected, votesOnChain: votes, differences },
    };
  } finally {
    await stopCluster();
  }
}
