import fs from "node:fs";
import path from "node:path";
import type { Hex } from "viem";
import { send } from "@/lib/api/client";
import { keySigner } from "@/lib/api/signers";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { devKeys } from "@/test/support/anvil";
import { VOTERS, voteStream } from "@/test/indexer/support/vote-stream";
import { ballot, deploymentOf, editorRoles, waitFor } from "@/test/operator/support";
import { startBenchStack } from "./support/bench-stack";
import { loadAverage } from "./support/machine";
import { childPid } from "./support/process-cpu";
import { percentile } from "./support/stats";

// A long run of mixed load on one server (`npm run bench soak`): readers on the capsule read, its
// votes, the list and the front page; a journalist saving drafts; editors relaying votes; live subscribers on
// /api/live. Each minute: the server's RSS, the event loop's delay p99 (prom-client's
// nodejs_eventloop_lag_p99_seconds), the requests' p99 and the errors. BENCH_SOAK_MINUTES sets the
// length (default 3, for CI-sized machines; the recorded soak is 30).

export type SoakMinute = { minute: number; rssMb: number; loopP99Ms: number; requests: number; p99Ms: number; errors: number; votes: number; drafts: number; liveEvents: number; load: string };
/**
 * `rssTrendPct`: the last minute's RSS against the second's. `settledTrendPct`: the growth a least-squares line
 * fits over the minutes after the warm-up (from a fifth of the run, at least minute 3), as a share of that line's
 * start: what is still growing once caches, pools and JIT have filled.
 */
export type SoakFigures = { dialect: "sqlite" | "postgres"; minutes: SoakMinute[]; rssTrendPct: number; settledTrendPct: number; settledFrom: number; firstErrors: string[]; plotFile: string };

/** Least-squares growth over `rows` as a percentage of the fitted value at the first of them. */
export function fittedGrowthPct(rows: Array<{ minute: number; rssMb: number }>): number {
  if (rows.length < 2) return 0;
  const n = rows.length;
  const mx = rows.reduce((a, r) => a + r.minute, 0) / n;
  const my = rows.reduce((a, r) => a + r.rssMb, 0) / n;
  const slope = rows.reduce((a, r) => a + (r.minute - mx) * (r.rssMb - my), 0) / rows.reduce((a, r) => a + (r.minute - mx) ** 2, 0);
  const first = rows[0]!.minute;
  const last = rows[n - 1]!.minute;
  const start = my + slope * (first - mx);
  return ((slope * (last - first)) / start) * 100;
}

const SLUG = "soak-desk";
const READERS = 16;
const SUBSCRIBERS = 50;

class MinuteWindow {
  ms: number[] = [];
  errors = 0;
  votes = 0;
  drafts = 0;
  liveEvents = 0;
}

const rssMbOf = (pid: number | undefined): number => {
  if (pid === undefined) return Number.NaN;
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
};

async function loopP99Ms(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return Number(/^nodejs_eventloop_lag_p99_seconds (\S+)/m.exec(text)?.[1] ?? Number.NaN) * 1000;
}

/** A line chart of RSS (MB) and request p99 (ms) by minute, as a standalone SVG. */
export function soakPlot(minutes: SoakMinute[], title: string): string {
  const width = 720;
  const height = 320;
  const pad = 48;
  const x = (i: number) => pad + (i * (width - 2 * pad)) / Math.max(1, minutes.length - 1);
  const line = (values: number[], color: string) => {
    const top = Math.max(1, ...values.filter(Number.isFinite)) * 1.1;
    const points = values.map((v, i) => `${x(i).toFixed(1)},${(height - pad - ((Number.isFinite(v) ? v : 0) / top) * (height - 2 * pad)).toFixed(1)}`).join(" ");
    return { svg: `<polyline fill="none" stroke="${color}" stroke-width="2" points="${points}"/>`, top };
  };
  const rss = line(minutes.map((m) => m.rssMb), "#1d4ed8");
  const p99 = line(minutes.map((m) => m.p99Ms), "#b91c1c");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${title}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${pad}" y="20" font-size="14">${title}</text>`,
    `<line x1="${pad}" y1="${height - pad}" x2="${width - pad}" y2="${height - pad}" stroke="#444"/>`,
    `<text x="${width / 2}" y="${height - 12}" text-anchor="middle">minute (1–${minutes.length})</text>`,
    rss.svg,
    p99.svg,
    `<text x="${pad}" y="38" fill="#1d4ed8">RSS, MB (top of scale ${rss.top.toFixed(0)})</text>`,
    `<text x="${width / 2}" y="38" fill="#b91c1c">request p99, ms (top of scale ${p99.top.toFixed(0)})</text>`,
    `</svg>`,
  ].join("\n");
}

export async function benchSoak(options: { dialect: "sqlite" | "postgres"; minutes: number; capsules: number; log: (m: string) => void; plotDir: string }): Promise<SoakFigures> {
  const env = { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "100000000", CAPSULE_RATE_WRITE_PER_MIN: "1000000", CAPSULE_RATE_VOTE_PER_HOUR: "1000000", CAPSULE_LIVE_MAX_PER_IP: "100000" };
  const bench = await startBenchStack(options.dialect, env);
  const stop = { now: false };
  try {
    const { baseUrl } = bench.stack;
    const pid = childPid("scripts/start.ts");
    const deployment: DeploymentRecord = deploymentOf(bench.stack.dataDir);
    const stream = voteStream(bench.stack.nodeRpcUrl, deployment);
    const ids = await stream.seedDrafts(bench.handle.db, SLUG, options.capsules);
    await editorRoles(bench.handle.db, SLUG, stream);
    await stream.enableVoters(SLUG);
    await stream.publish(SLUG, ids);
    await waitFor(async () => {
      const rows = await bench.handle.db.selectFrom("capsules").select("status").where("id", "in", ids).execute();
      return rows.every((row) => row.status === "pending") ? true : undefined;
    }, "the submissions to be projected", 120_000);
    options.log(`soak on ${options.dialect}: ${options.capsules} capsules open for votes; ${READERS} readers, ${SUBSCRIBERS} live subscribers, one journalist, ${VOTERS.length} editors, ${options.minutes} min`);

    let current = new MinuteWindow();
    const firstErrors: string[] = [];
    const failed = (what: string) => {
      current.errors += 1;
      if (firstErrors.length < 5) firstErrors.push(what);
    };
    const timed = async (what: string, run: () => Promise<number>) => {
      const started = performance.now();
      try {
        const status = await run();
        if (status >= 400) failed(`${what}: ${status}`);
        else current.ms.push(performance.now() - started);
      } catch (error) {
        failed(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
    // the capsules are under vote (no article page yet): readers take the capsule, its votes, the list and the front page
    const paths = [() => `/api/capsules/${pick()}`, () => `/api/capsules/${pick()}/votes`, () => `/api/capsules?page=${1 + Math.floor(Math.random() * 3)}&limit=20`, () => "/"];

    const readers = Array.from({ length: READERS }, async (_, n) => {
      while (!stop.now) {
        const pathOf = paths[n % paths.length]!();
        await timed(`GET ${pathOf}`, async () => {
          const response = await fetch(`${baseUrl}${pathOf}`);
          await response.arrayBuffer();
          return response.status;
        });
      }
    });

    const author = devKeys[VOTERS[0]] as Hex;
    const journalist = (async () => {
      let draft: string | undefined;
      let edits = 0;
      while (!stop.now) {
        await timed("draft save", async () => {
          const answer = draft
            ? await send(capsuleUpdate, { body: { capsuleId: draft, body: `Soak draft, edit ${++edits}.` } }, { baseUrl, signer: keySigner(author) })
            : await send(capsuleCreate, { body: { title: `Soak draft ${Date.now()}`, body: "A draft saved under load.", outletSlug: SLUG } }, { baseUrl, signer: keySigner(author) });
          if (!draft && answer.status === 201) draft = (answer.body as { capsuleId: string }).capsuleId;
          if (edits >= 20) (draft = undefined), (edits = 0);
          if (answer.status < 400) current.drafts += 1;
          return answer.status;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();

    const editors = (async () => {
      for (const id of ids) {
        for (const voter of VOTERS) {
          if (stop.now) return;
          await timed("vote", async () => {
            const answer = await send(capsuleVote, { params: { id: String(id) }, body: await ballot(stream, deployment, voter, id, voter % 3 !== 0) }, { baseUrl, signer: keySigner(devKeys[voter] as Hex) });
            if (answer.status < 400) current.votes += 1;
            return answer.status;
          });
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
    })();

    const subscribers = Array.from({ length: SUBSCRIBERS }, async () => {
      const controller = new AbortController();
      const stopWatch = setInterval(() => stop.now && controller.abort(), 500);
      try {
        const response = await fetch(`${baseUrl}/api/live`, { signal: controller.signal });
        if (response.status !== 200 || !response.body) return failed(`GET /api/live: ${response.status}`);
        const decoder = new TextDecoder();
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          current.liveEvents += decoder.decode(value).split("\n").filter((l) => l.startsWith("data:")).length;
        }
      } catch (error) {
        if (!stop.now) failed(`GET /api/live: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        clearInterval(stopWatch);
      }
    });

    const minutes: SoakMinute[] = [];
    for (let minute = 1; minute <= options.minutes; minute += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60_000));
      const done = current;
      current = new MinuteWindow();
      const row: SoakMinute = {
        minute,
        rssMb: rssMbOf(pid),
        loopP99Ms: await loopP99Ms(baseUrl).catch(() => Number.NaN),
        requests: done.ms.length,
        p99Ms: percentile(done.ms, 99),
        errors: done.errors,
        votes: done.votes,
        drafts: done.drafts,
        liveEvents: done.liveEvents,
        load: loadAverage(),
      };
      minutes.push(row);
      options.log(`  minute ${minute}: RSS ${row.rssMb.toFixed(0)} MB, loop p99 ${row.loopP99Ms.toFixed(1)} ms, ${row.requests} requests p99 ${row.p99Ms.toFixed(0)} ms, ${row.errors} errors, ${row.votes} votes, ${row.drafts} draft saves, ${row.liveEvents} live events, load ${row.load}`);
    }
    stop.now = true;
    await Promise.allSettled([...readers, journalist, editors, ...subscribers]);
    // the trend: the last minute's RSS against the second's (the first holds the warm-up)
    const base = minutes[Math.min(1, minutes.length - 1)]!.rssMb;
    const rssTrendPct = ((minutes[minutes.length - 1]!.rssMb - base) / base) * 100;
    const settledFrom = Math.max(3, Math.ceil(minutes.length / 5));
    const settledTrendPct = fittedGrowthPct(minutes.filter((m) => m.minute >= settledFrom));
    const plotFile = path.join(options.plotDir, `soak-${options.dialect}.svg`);
    fs.writeFileSync(plotFile, soakPlot(minutes, `Soak on ${options.dialect}: ${options.minutes} min of mixed load`));
    return { dialect: options.dialect, minutes, rssTrendPct, settledTrendPct, settledFrom, firstErrors, plotFile };
  } finally {
    stop.now = true;
    await bench.stop();
  }
}
