import type { Hex } from "viem";
import { send } from "@/lib/api/client";
import { keySigner } from "@/lib/api/signers";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import type { Db } from "@/lib/db/database";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { devKeys } from "@/test/support/anvil";
import { VOTERS, voteStream, type VoteStream } from "@/test/indexer/support/vote-stream";
import { ballot, deploymentOf, editorRoles, waitFor } from "@/test/operator/support";
import { startBenchStack } from "./support/bench-stack";
import { loadAverage } from "./support/machine";
import { percentile } from "./support/stats";

export type RelayMode = "sequential" | "burst";
export type RelayFigures = {
  version: string;
  dialect: "sqlite" | "postgres";
  mode: RelayMode;
  votes: number;
  p50: number;
  p95: number;
  max: number;
  errors: number;
  /** operatorTx.status of the 2xx answers (the outbox's answer says whether the vote was mined); "-" when absent. */
  outcomes: string;
  load: string;
  firstError?: string;
};

type Answer = { ms: number; status: number; text: string; outcome: string };
const SLUG = "relay-bench-desk";
const support = (voter: number) => voter % 3 !== 0;

/** POST /api/capsules/:id/vote through the typed client; ms from the request to its answer's status line (the token is signed before). */
async function timedVote(baseUrl: string, voter: number, capsuleId: number, body: Awaited<ReturnType<typeof ballot>>): Promise<Answer> {
  let ms = Number.NaN;
  const timed: typeof fetch = async (input, init) => {
    const started = performance.now();
    const response = await fetch(input, init);
    ms = performance.now() - started;
    return response;
  };
  const answer = await send(capsuleVote, { params: { id: String(capsuleId) }, body }, { baseUrl, signer: keySigner(devKeys[voter] as Hex), fetch: timed });
  const parsed = answer.body as { operatorTx?: { status?: string } } | undefined;
  return { ms, status: answer.status, text: answer.text, outcome: parsed?.operatorTx?.status ?? "-" };
}

/** Open for votes in SQL once the indexer projected each submission. */
async function projected(db: Db, ids: number[]) {
  await waitFor(
    async () => {
      const rows = await db.selectFrom("capsules").select("status").where("id", "in", ids).execute();
      return rows.length === ids.length && rows.every((row) => row.status === "pending") ? true : undefined;
    },
    "the submissions to be projected",
    120_000,
  );
}

/** A ballot signs the voter's current nonce: the next one waits until this vote is on chain. */
const mined = (stream: VoteStream, voter: number, capsuleId: number) =>
  waitFor(async () => ((await stream.hasVoted(voter, capsuleId)) ? true : undefined), `vote of ${voter} on ${capsuleId} mined`);

class Recorder {
  readonly ms: number[] = [];
  readonly errors: string[] = [];
  readonly outcomes = new Map<string, number>();
  private loadBefore = loadAverage();
  constructor(private readonly mode: RelayMode) {}
  add(voter: number, capsuleId: number, answer: Answer) {
    if (answer.status >= 200 && answer.status < 300) {
      this.ms.push(answer.ms);
      this.outcomes.set(answer.outcome, (this.outcomes.get(answer.outcome) ?? 0) + 1);
    } else this.errors.push(`capsule ${capsuleId}, voter ${voter}: ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  figures(version: string, dialect: "sqlite" | "postgres"): RelayFigures {
    return {
      version,
      dialect,
      mode: this.mode,
      votes: this.ms.length,
      p50: percentile(this.ms, 50),
      p95: percentile(this.ms, 95),
      max: this.ms.length ? Math.max(...this.ms) : Number.NaN,
      errors: this.errors.length,
      outcomes: [...this.outcomes].map(([status, n]) => `${status} ${n}`).join(", "),
      load: `${this.loadBefore}→${loadAverage()}`,
      firstError: this.errors[0],
    };
  }
}

/**
 * Relays signed ballots through POST /api/capsules/:id/vote on a real stack (anvil automining) of
 * this checkout or of `root` (an older checkout, for a before/after comparison): 8 bonded editors
 * vote capsule after capsule one request at a time, then all 8 at once on each of `burst` capsules.
 * One capsule of unmeasured votes warms the route up first.
 */
export async function benchRelayOverhead(options: {
  version: string;
  root?: string;
  env?: Record<string, string>;
  dialect: "sqlite" | "postgres";
  sequentialCapsules: number;
  burstCapsules: number;
  log: (m: string) => void;
}): Promise<RelayFigures[]> {
  const env = { CAPSULE_RATE_WRITE_PER_MIN: "1000000", CAPSULE_RATE_VOTE_PER_HOUR: "1000000", ...options.env };
  const bench = await startBenchStack(options.dialect, env, { root: options.root });
  try {
    const { baseUrl } = bench.stack;
    const deployment: DeploymentRecord = deploymentOf(bench.stack.dataDir);
    const stream = voteStream(bench.stack.nodeRpcUrl, deployment);
    const ids = await stream.seedDrafts(bench.handle.db, SLUG, 1 + options.sequentialCapsules + options.burstCapsules);
    await editorRoles(bench.handle.db, SLUG, stream);
    await stream.enableVoters(SLUG);
    await stream.publish(SLUG, ids);
    await projected(bench.handle.db, ids);
    const [warmId, ...rest] = ids;
    const sequentialIds = rest.slice(0, options.sequentialCapsules);
    const burstIds = rest.slice(options.sequentialCapsules);

    const oneByOne = async (capsuleIds: number[], recorder: Recorder) => {
      for (const id of capsuleIds) {
        for (const voter of VOTERS) {
          const answer = await timedVote(baseUrl, voter, id, await ballot(stream, deployment, voter, id, support(voter)));
          recorder.add(voter, id, answer);
          if (answer.outcome !== "mined") await mined(stream, voter, id).catch(() => undefined);
        }
      }
    };

    const warm = new Recorder("sequential");
    await oneByOne([warmId!], warm);
    if (warm.errors.length > 0) throw new Error(`the warm-up votes failed (${options.version}, ${options.dialect}): ${warm.errors[0]}`);

    const sequential = new Recorder("sequential");
    await oneByOne(sequentialIds, sequential);

    const burst = new Recorder("burst");
    for (const id of burstIds) {
      const ballots = await Promise.all(VOTERS.map((voter) => ballot(stream, deployment, voter, id, support(voter))));
      const answers = await Promise.all(VOTERS.map((voter, n) => timedVote(baseUrl, voter, id, ballots[n]!)));
      answers.forEach((answer, n) => burst.add(VOTERS[n]!, id, answer));
      for (const voter of VOTERS) await mined(stream, voter, id).catch(() => undefined);
    }
    const figures = [sequential.figures(options.version, options.dialect), burst.figures(options.version, options.dialect)];
    for (const f of figures) options.log(`  ${f.version} ${f.dialect} ${f.mode}: ${f.votes} votes, ${f.errors} errors${f.firstError ? ` (first: ${f.firstError})` : ""}`);
    return figures;
  } finally {
    await bench.stop();
  }
}
