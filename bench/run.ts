// `npm run bench [reads] [lag] [backfill] [ponder] [observe] [reorg] [reader-pages] [page-lag] [relay] [websub] [memory] [soak] [fanout] [scale] [profile] [fixed-cost] [list-depth]`: measures and prints figures, never asserts
// timings, and is not part of `npm test`. Method and recorded figures: docs/PERFORMANCE.md.
import path from "node:path";
import { benchIndexerBackfill, type BackfillFigures } from "./indexer-backfill";
import { benchIndexerReorg, type ReorgFigures } from "./indexer-reorg";
import { benchPonderSideBySide, type SideBySide } from "./ponder-backfill";
import { benchFixedCost, type FixedCostVersion } from "./http-fixed-cost";
import { WARM_UP_SECONDS, benchHttpReads, type ReadFigures } from "./http-reads";
import { benchListDepth, type DepthFigures } from "./list-depth";
import type { LoadFigures } from "./support/load";
import { benchObserveOverhead } from "./observe-overhead";
import { profileReads } from "./profile-reads";
import { benchReaderPages, type ReaderPagesFigures } from "./reader-pages";
import { benchRelayOverhead, type RelayFigures } from "./relay-overhead";
import { benchVoteLag, type LagFigures } from "./vote-lag";
import { benchVotePageLag, type PageLagFigures } from "./vote-page-lag";
import { benchWebSubDelivery } from "./websub-delivery";
import { benchSoak } from "./soak";
import { benchScale, type ScaleFigures } from "./scale";
import { haproxyVersion } from "./support/haproxy";
import { benchMemory } from "./memory";
import { benchWrapperCost } from "./wrapper-cost";
import { z } from "zod";
import { benchLiveFanout, type TallySource } from "./live-fanout";
import { cleanupAll } from "./support/cleanup";
import { machineLine } from "./support/machine";
import { ponderVersion } from "./support/ponder-install";
import { ensureProductionBuild } from "./support/production-build";
import { fmt, percentile } from "./support/stats";
import { postgresAvailable } from "@/test/support/postgres";
import { VOTERS } from "@/test/indexer/support/vote-stream";

const log = (message: string) => console.log(`[bench] ${message}`);
const parts = process.argv.slice(2);
// profile, fixed-cost, list-depth and ponder (which installs Ponder into bench/ponder) run only when named
const wants = (name: string) => (parts.length === 0 ? !["profile", "fixed-cost", "ponder", "list-depth", "soak", "memory", "fanout", "scale", "wrapper"].includes(name) : parts.includes(name));
const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
// The WebSub bench's subscribers listen on loopback, which the hub refuses unless local callbacks are allowed;
// set before any bench reads the configuration (it is parsed once per process).
if (wants("websub")) process.env.CAPSULE_WEBSUB_ALLOW_LOCAL_CALLBACKS ??= "1";
/** BENCH_CAPSULES: one table size, or several separated by commas (`reads` measures each, in one run). */
const capsuleSizes = () => (process.env.BENCH_CAPSULES ?? "100000").split(",").map(Number);

function printReads(all: ReadFigures[], capsules: number, seconds: number) {
  console.log(`\nHTTP reads: ${capsules} capsules, autocannon 100 connections, no pipelining, ${seconds} s per run after ${process.env.BENCH_NEW_CONNECTIONS === "1" ? "a 2 s warm-up on connections of its own (the window opens 100 new ones)" : `a ${WARM_UP_SECONDS} s warm-up on the same connections`}`);
  console.log("dialect  | route                            | route req/s | p50 | p99 | CPU ms/req | bare req/s | p50 | p99 | CPU ms/req | ratio | errors | load");
  for (const f of all) {
    console.log(
      [
        f.dialect.padEnd(8),
        f.route.padEnd(32),
        fmt(f.viaRoute.rps, 0).padStart(11),
        String(f.viaRoute.p50).padStart(3),
        String(f.viaRoute.p99).padStart(3),
        fmt(f.viaRoute.cpuMsPerRequest ?? Number.NaN, 2).padStart(10),
        fmt(f.bare.rps, 0).padStart(10),
        String(f.bare.p50).padStart(3),
        String(f.bare.p99).padStart(3),
        fmt(f.bare.cpuMsPerRequest ?? Number.NaN, 2).padStart(10),
        fmt(f.viaRoute.rps / f.bare.rps, 2).padStart(5),
        String(f.viaRoute.errors + f.bare.errors).padStart(6),
        f.load,
      ].join(" | "),
    );
  }
}

/** Per dialect and route kind: p50 / p99 at the smallest and the largest size, and the ratio of their p99 (target: within 2×). */
function printScaling(all: ReadFigures[], sizes: number[]) {
  const small = Math.min(...sizes);
  const large = Math.max(...sizes);
  const seeding = (f: ReadFigures | undefined) => (f ? `${fmt(f.seedSeconds, 1)} s` : "n/a");
  console.log(`\nHTTP reads at ${large} against ${small} capsules, same run: p50 / p99 ms, ratio of p99 (target ≤ 2)`);
  console.log("dialect  | route kind      | route small | route large | p99 ratio | bare small | bare large | p99 ratio | met (route: ratio ≤ 2, no more errors) | load small / large");
  for (const dialect of [...new Set(all.map((f) => f.dialect))]) {
    const at = (capsules: number) => all.filter((f) => f.dialect === dialect && f.capsules === capsules);
    console.log(`${dialect}: seeding ${small} capsules ${seeding(at(small)[0])}, ${large} capsules ${seeding(at(large)[0])}`);
    for (const s of at(small)) {
      const l = at(large).find((f) => f.kind === s.kind);
      if (!l) continue;
      const pair = (f: LoadFigures) => (f.p99 > 0 ? `${f.p50} / ${f.p99}` : "none");
      // no answer at all (every request timed out) is no ratio; more errors at the large size is not "within 2×" either
      const ratio = (a: LoadFigures, b: LoadFigures) => (a.p99 > 0 && b.p99 > 0 ? b.p99 / a.p99 : Number.NaN);
      const routeRatio = ratio(s.viaRoute, l.viaRoute);
      const bareRatio = ratio(s.bare, l.bare);
      const met = routeRatio <= 2 && l.viaRoute.errors <= s.viaRoute.errors;
      console.log(
        [dialect.padEnd(8), s.kind.padEnd(15), pair(s.viaRoute).padStart(11), pair(l.viaRoute).padStart(11), fmt(routeRatio, 2).padStart(9), pair(s.bare).padStart(10), pair(l.bare).padStart(10), fmt(bareRatio, 2).padStart(9), (met ? "yes" : "no").padEnd(3), `${s.load} / ${l.load}`].join(" | "),
      );
    }
  }
}

const printLag = (lag: LagFigures) => {
  const from = lag.method === "head" ? "mined (bench's newHeads)" : "receipt";
  console.log(
    `VoteCast ${from} -> tally in GET /api/capsules/:id (${lag.dialect}, ${lag.votes} votes): p50 ${fmt(lag.p50)} ms, p95 ${fmt(lag.p95)} ms, max ${fmt(lag.max)} ms; ${from} -> ${lag.method === "head" ? "indexer's commit" : "checkpoint in SQL"} p50 ${fmt(lag.indexedP50)} ms, p95 ${fmt(lag.indexedP95)} ms (load ${lag.load})`,
  );
  if (lag.fromFirst) console.log(`    from the earlier of the two newHeads messages (the bench's, the indexer's): p50 ${fmt(lag.fromFirst.p50)} ms, p95 ${fmt(lag.fromFirst.p95)} ms`);
  for (const stage of lag.stages ?? []) console.log(`    ${stage.name.padEnd(52)} p50 ${fmt(stage.p50, 2).padStart(6)} ms  p95 ${fmt(stage.p95, 2).padStart(6)} ms`);
};

const printReorg = (f: ReorgFigures) =>
  console.log(
    `indexer reorg (${f.dialect}, depth ${f.depth}, ${f.historyEvents} events of history): rewind ${fmt(f.rewindMs, 0)} ms (${f.eventsRemoved} removed, ${f.eventsReplayed} replayed), re-index of the new branch ${fmt(f.reindexMs, 0)} ms (${f.newEvents} events), total ${fmt(f.totalMs, 0)} ms (load ${f.load})`,
  );

const printBackfill = (f: BackfillFigures) =>
  console.log(`indexer back-fill (${f.dialect}, ${f.mode}): ${f.events} VoteCast events in ${fmt(f.seconds, 2)} s = ${fmt(f.eventsPerSecond, 0)} events/s (load ${f.load})`);

function printRelay(title: string, figures: RelayFigures[]) {
  console.log(`\n${title}`);
  console.log("version  | dialect  | mode       | votes | p50 ms | p95 ms | max ms | errors | operatorTx.status    | load");
  for (const f of figures) {
    console.log(
      [f.version.padEnd(8), f.dialect.padEnd(8), f.mode.padEnd(10), String(f.votes).padStart(5), fmt(f.p50).padStart(6), fmt(f.p95).padStart(6), fmt(f.max).padStart(6), String(f.errors).padStart(6), f.outcomes.padEnd(20), f.load].join(" | "),
    );
  }
}

const pairName = (pair: SideBySide["pair"]) => (pair === "postgres" ? "Ponder PostgreSQL / ours PostgreSQL" : "Ponder PGlite / ours SQLite");

function printSideBySide(figures: SideBySide[], total: number) {
  console.log(`\nPonder ${ponderVersion()} and Capsule's indexer, the same ${total} VoteCast events on one anvil, events/s (Ponder: its back-fill log interval; and from process start to /ready)`);
  console.log("pair                                | mode      | Ponder ev/s | Ponder start→ready ev/s | ours ev/s | ours / Ponder | load (Ponder, ours)");
  for (const f of figures) {
    const cells = [pairName(f.pair).padEnd(35), f.mode.padEnd(9), fmt(f.ponder.eventsPerSecond, 0).padStart(11), fmt(f.ponder.readyEventsPerSecond, 0).padStart(23)];
    console.log([...cells, fmt(f.capsule.eventsPerSecond, 0).padStart(9), fmt(f.capsule.eventsPerSecond / f.ponder.eventsPerSecond, 2).padStart(13), `${f.ponder.load}, ${f.capsule.load}`].join(" | "));
  }
}

/** Per version, dialect and mode: the median over the runs of each figure, and every run's load. */
function relayMedians(all: RelayFigures[]): RelayFigures[] {
  const groups = new Map<string, RelayFigures[]>();
  for (const f of all) groups.set(`${f.version}|${f.dialect}|${f.mode}`, [...(groups.get(`${f.version}|${f.dialect}|${f.mode}`) ?? []), f]);
  return [...groups.values()].map((runs) => ({
    ...runs[0]!,
    votes: percentile(runs.map((r) => r.votes), 50),
    p50: percentile(runs.map((r) => r.p50), 50),
    p95: percentile(runs.map((r) => r.p95), 50),
    max: percentile(runs.map((r) => r.max), 50),
    errors: percentile(runs.map((r) => r.errors), 50),
    outcomes: runs.map((r) => r.outcomes).join(" / "),
    load: runs.map((r) => r.load).join(", "),
  }));
}

function printScale(f: ScaleFigures) {
  console.log(`\nThree servers behind haproxy (${f.haproxy}), one PostgreSQL, ${f.capsules} capsules: autocannon ${f.connections} connections (a capsule by id or a list page) and 8 editors relaying votes, ${f.seconds} s per phase`);
  console.log("phase                    | servers | reads req/s | p50 ms | p99 ms | read errors | votes/s | vote p50 ms | vote p99 ms | votes not acked | server CPU ms/req | load");
  for (const p of f.phases) {
    console.log(
      [
        p.name.padEnd(24),
        String(p.servers).padStart(7),
        fmt(p.reads.rps, 0).padStart(11),
        String(p.reads.p50).padStart(6),
        String(p.reads.p99).padStart(6),
        String(p.reads.errors).padStart(11),
        fmt(p.votes.perSecond, 1).padStart(7),
        fmt(p.votes.p50, 0).padStart(11),
        fmt(p.votes.p99, 0).padStart(11),
        String(p.votes.failed).padStart(15),
        fmt(p.serverCpuMsPerRequest, 2).padStart(17),
        p.load,
      ].join(" | "),
    );
  }
  const mean = (name: string, of: (p: ScaleFigures["phases"][number]) => number) => {
    const values = f.phases.filter((p) => p.name === name).map(of);
    return values.reduce((a, b) => a + b, 0) / values.length;
  };
  const ratio = (of: (p: ScaleFigures["phases"][number]) => number) => fmt(mean("3 servers", of) / mean("1 server", of), 2);
  console.log(`3 servers / 1 server (mean of the rounds): reads ${ratio((p) => p.reads.rps)}×, votes ${ratio((p) => p.votes.perSecond)}×`);
  const o = f.failover;
  console.log(`failover: server ${o.killedServer} (the leader) got kill -9; server ${o.newLeader} led ${o.failoverMs} ms later (target ≤ 5000 ms: ${o.failoverMs <= 5000 ? "met" : "not met"}); haproxy marked the killed server down after ${o.markedDownMs} ms`);
  console.log(`acknowledged votes (all phases): ${o.acknowledged}; on chain ${o.onChain}; in the projection ${o.projected}; VoteCast logs on chain ${o.votesOnChain}; projection against a rebuild: ${o.differences.length === 0 ? "equal" : `${o.differences.length} differences`}`);
  for (const d of o.differences.slice(0, 10)) console.log(`  ${d}`);
  if (o.onChain !== o.acknowledged || o.projected !== o.acknowledged || o.differences.length > 0) process.exitCode = 1;
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;

function printReaderPages(f: ReaderPagesFigures) {
  console.log(`\nreader pages in Chromium: LCP in ms, median / p95 of ${f.pages[0]?.cold.runs.length ?? 0} runs (load ${f.loadBefore} before, ${f.loadAfter} after)`);
  console.log("page   | path                 | cold median | cold p95 | warm median | warm p95 | CPU x4 cold median | CPU x4 cold p95");
  for (const p of f.pages) {
    console.log(
      [
        p.name.padEnd(6),
        p.path.padEnd(20),
        fmt(p.cold.median, 0).padStart(11),
        fmt(p.cold.p95, 0).padStart(8),
        fmt(p.warm.median, 0).padStart(11),
        fmt(p.warm.p95, 0).padStart(8),
        fmt(p.coldCpu4.median, 0).padStart(18),
        fmt(p.coldCpu4.p95, 0).padStart(15),
      ].join(" | "),
    );
  }
  const s = f.readerScripts;
  console.log(`JavaScript of ${f.pages[0]?.path ?? "/read/:id"}: ${s.scripts} scripts, ${kb(s.decodedBytes)} decoded, ${kb(s.transferredBytes)} transferred (content-encoding: ${s.encodings.join(", ")}), ${kb(s.gzipBytes)} gzipped (node:zlib, level 6)`);
}

async function main() {
  log(machineLine());
  const pg = await postgresAvailable();
  // BENCH_DIALECTS=sqlite|postgres|sqlite,postgres narrows the run (default: both when PostgreSQL answers)
  const wanted = (process.env.BENCH_DIALECTS ?? "sqlite,postgres").split(",").map((d) => d.trim());
  const dialects = (pg ? (["sqlite", "postgres"] as const) : (["sqlite"] as const)).filter((d) => wanted.includes(d));
  if (!pg) log("PostgreSQL at 127.0.0.1:5432 is not reachable: PostgreSQL figures are skipped");
  if (wants("reads") || wants("lag") || wants("page-lag") || wants("profile") || wants("fixed-cost") || wants("relay")) await ensureProductionBuild(log);

  if (wants("reads")) {
    const sizes = capsuleSizes();
    const seconds = envNumber("BENCH_SECONDS", 10);
    const filters = process.env.BENCH_READ_FILTERS === "1";
    const all: ReadFigures[] = [];
    for (const dialect of dialects) for (const capsules of sizes) all.push(...(await benchHttpReads({ dialect, capsules, seconds, filters, log })));
    for (const capsules of sizes) printReads(all.filter((f) => f.capsules === capsules), capsules, seconds);
    if (sizes.length > 1) printScaling(all, sizes);
  }

  if (wants("list-depth")) {
    const figures: DepthFigures[] = [];
    for (const dialect of dialects) {
      for (const capsules of capsuleSizes()) figures.push(...(await benchListDepth({ dialect, capsules, requests: envNumber("BENCH_DEPTH_REQUESTS", 500), seeded: process.env.BENCH_DEPTH_SEEDED === "1", byIdRounds: envNumber("BENCH_DEPTH_BY_ID_ROUNDS", 1), log })));
    }
    console.log("\nGET /api/capsules service alone (capsulePage), one request at a time: first request (cold snapshot), then p50 / p99 ms");
    console.log(`dialect  | capsules | generated in | ${"list".padEnd(32)} | first ms | p50 ms | p99 ms | load`);
    for (const f of figures) {
      console.log([f.dialect.padEnd(8), String(f.capsules).padStart(8), `${fmt(f.seedSeconds, 1)} s`.padStart(12), f.kind.padEnd(32), fmt(f.coldMs, 1).padStart(8), fmt(f.p50, 3).padStart(6), fmt(f.p99, 3).padStart(6), f.load].join(" | "));
    }
  }

  if (wants("fixed-cost")) {
    const capsules = capsuleSizes()[0]!;
    const seconds = envNumber("BENCH_SECONDS", 10);
    // BENCH_FIXED_COST_ROOT: an older checkout (built into its .next, or BENCH_FIXED_COST_ROOT_DIST_DIR) measured after this one as "before";
    // BENCH_FIXED_COST_NEXT_ONLY=1 adds a pass of this build with CAPSULE_HTTP_FAST_READS=0 (every read through Next)
    const root = process.env.BENCH_FIXED_COST_ROOT;
    const versions: FixedCostVersion[] = [
      { version: "this" },
      { version: "this, no remembering", env: { CAPSULE_HTTP_REMEMBER: "0" } },
      ...(process.env.BENCH_FIXED_COST_NEXT_ONLY === "1" ? [{ version: "this, fast reads off", env: { CAPSULE_HTTP_FAST_READS: "0" } }] : []),
      ...(root ? [{ version: "before", root, env: { CAPSULE_NEXT_DIST_DIR: process.env.BENCH_FIXED_COST_ROOT_DIST_DIR ?? ".next" } }] : []),
    ];
    const figures = await benchFixedCost({ capsules, seconds, log, versions });
    console.log(`\nroute server CPU per request, SQLite, ${capsules} capsules, 50 connections, ${seconds} s after a 2 s warm-up`);
    console.log("version              | compress | route                               | req/s | p50 | p99 | CPU ms/req | net of idle | 304s | errors | load");
    for (const f of figures) {
      console.log(`${f.version.padEnd(20)} | ${f.compress.padEnd(8)} | ${f.route.padEnd(35)} | ${fmt(f.figures.rps, 0).padStart(5)} | ${String(f.figures.p50).padStart(3)} | ${String(f.figures.p99).padStart(3)} | ${fmt(f.figures.cpuMsPerRequest ?? Number.NaN, 3).padStart(10)} | ${fmt(f.netCpuMsPerRequest ?? Number.NaN, 3).padStart(11)} | ${String(f.figures.notModified ?? 0).padStart(4)} | ${String(f.figures.errors).padStart(6)} | ${f.load}`);
    }
  }

  if (wants("lag")) {
    const votes = envNumber("BENCH_LAG_VOTES", 100);
    const lags: LagFigures[] = [];
    for (const dialect of dialects) lags.push(await benchVoteLag({ dialect, votes, log }));
    console.log("");
    lags.forEach(printLag);
  }

  if (wants("page-lag")) {
    const votes = envNumber("BENCH_PAGE_LAG_VOTES", 40);
    const figures: PageLagFigures[] = [];
    for (const dialect of dialects) figures.push(await benchVotePageLag({ dialect, votes, log }));
    console.log("");
    for (const f of figures) console.log(`VoteCast receipt -> new tally on screen in an open capsule page, Chromium (${f.dialect}, ${f.votes} votes): p50 ${fmt(f.p50)} ms, p95 ${fmt(f.p95)} ms, max ${fmt(f.max)} ms (load ${f.load})`);
  }

  if (wants("relay")) {
    // BENCH_RELAY_ROOT: an older checkout (built into its .next, or BENCH_RELAY_ROOT_DIST_DIR) measured as "before", interleaved with this one
    const root = process.env.BENCH_RELAY_ROOT;
    const versions = [{ version: "after" }, ...(root ? [{ version: "before", root, env: { CAPSULE_NEXT_DIST_DIR: process.env.BENCH_RELAY_ROOT_DIST_DIR ?? ".next" } }] : [])];
    const runs = envNumber("BENCH_RELAY_RUNS", 3);
    const sequentialCapsules = envNumber("BENCH_RELAY_CAPSULES", 15);
    const burstCapsules = envNumber("BENCH_RELAY_BURSTS", 5);
    const all: RelayFigures[] = [];
    for (let run = 1; run <= runs; run++) {
      for (const dialect of dialects) {
        // alternate which version goes first, so a drift in the machine's load hits both alike
        for (const v of run % 2 === 1 ? [...versions].reverse() : versions) {
          log(`relay run ${run}/${runs}: ${v.version} on ${dialect}…`);
          all.push(...(await benchRelayOverhead({ ...v, dialect, sequentialCapsules, burstCapsules, log })));
        }
      }
    }
    const what = `${VOTERS.length} editors × ${sequentialCapsules} capsules one at a time, then ${burstCapsules} bursts of ${VOTERS.length} at once`;
    printRelay(`POST /api/capsules/:id/vote, ms from request to 2xx, every run (${what})`, all);
    printRelay(`… median of ${runs} runs`, relayMedians(all));
  }

  if (wants("backfill")) {
    const figures = await benchIndexerBackfill({ total: envNumber("BENCH_BACKFILL_EVENTS", 50_000), rounds: envNumber("BENCH_BACKFILL_ROUNDS", 1), dialects, log });
    console.log("");
    figures.forEach(printBackfill);
    for (const key of [...new Set(figures.map((f) => `${f.dialect} ${f.mode}`))]) {
      const rates = figures.filter((f) => `${f.dialect} ${f.mode}` === key).map((f) => f.eventsPerSecond).sort((a, b) => a - b);
      if (rates.length > 1) console.log(`indexer back-fill (${key}): median ${fmt(rates[Math.floor(rates.length / 2)]!, 0)} events/s of ${rates.length} runs (${rates.map((r) => fmt(r, 0)).join(", ")})`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const limit = median(figures.filter((f) => f.mode === "fetch").map((f) => f.eventsPerSecond));
    for (const dialect of dialects) {
      const projected = median(figures.filter((f) => f.dialect === dialect && f.mode === "projected").map((f) => f.eventsPerSecond));
      console.log(`projected back-fill on ${dialect}: ${fmt((100 * projected) / limit, 0)} % of the bare fetch and parse of the same answers (${fmt(projected, 0)} of ${fmt(limit, 0)} events/s; target ≥ 70 % on SQLite)`);
    }
  }

  if (wants("ponder")) {
    const total = envNumber("BENCH_BACKFILL_EVENTS", 50_000);
    const figures = await benchPonderSideBySide({ total, rounds: envNumber("BENCH_PONDER_ROUNDS", 1), pairs: pg ? ["postgres", "embedded"] : ["embedded"], log });
    printSideBySide(figures, total);
  }

  if (wants("observe")) {
    const seconds = envNumber("BENCH_SECONDS", 10);
    log(`observability overhead: a tiny handler with and without the per-request work, ${seconds} s each…`);
    const f = await benchObserveOverhead(seconds);
    const line = (name: string, l: typeof f.bare) => `${name.padEnd(8)} | ${fmt(l.rps, 0).padStart(6)} req/s | p50 ${l.p50} ms | p99 ${l.p99} ms | ${fmt(l.cpuMsPerRequest ?? Number.NaN, 3)} CPU ms/req | errors ${l.errors}`;
    console.log(`\nobservability per request (20 connections): ${fmt(f.overheadCpuUs, 0)} µs of CPU`);
    console.log(line("bare", f.bare));
    console.log(line("observed", f.observed));
  }

  if (wants("reorg")) {
    const figures: ReorgFigures[] = [];
    for (const history of (process.env.BENCH_REORG_HISTORY ?? "5000,50000").split(",").map(Number)) {
      figures.push(...(await benchIndexerReorg({ history, dialects, log })));
    }
    console.log("");
    figures.forEach(printReorg);
  }

  if (wants("websub")) {
    const subscribers = envNumber("BENCH_WEBSUB_SUBSCRIBERS", 20);
    const events = envNumber("BENCH_WEBSUB_EVENTS", 50);
    log(`websub: ${events} label changes to ${subscribers} loopback subscribers (SQLite)…`);
    const f = await benchWebSubDelivery({ subscribers, events, log });
    console.log(`\nWebSub delivery: ${f.events} label changes × ${f.subscribers} subscribers, each change delivered to all before the next`);
    console.log("label changes/s | deliveries/s | p50 ms | p95 ms | max ms | load");
    console.log([fmt(f.eventsPerSecond, 1).padStart(15), fmt(f.deliveriesPerSecond, 0).padStart(12), String(f.p50).padStart(6), String(f.p95).padStart(6), String(f.max).padStart(6), f.load].join(" | "));
  }
  if (wants("memory")) {
    await ensureProductionBuild(log);
    const dialects: Array<"sqlite" | "postgres"> = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];
    for (const dialect of (process.env.BENCH_MEMORY_DIALECTS?.split(",") as Array<"sqlite" | "postgres"> | undefined) ?? dialects) {
      const f = await benchMemory({ dialect, capsules: envNumber("BENCH_MEMORY_CAPSULES", 10_000), seconds: envNumber("BENCH_SECONDS", 10), log });
      console.log(`\nMemory on ${dialect}: idle ${fmt(f.idleRssMb, 0)} MB RSS (target ≤ 250), after the reads ${fmt(f.afterReadsRssMb, 0)} MB (target ≤ 350); load ${f.load}`);
      console.log(`  V8 heap ${fmt(f.heapUsedMb, 0)} MB used of ${fmt(f.heapTotalMb, 0)} MB, external ${fmt(f.externalMb, 0)} MB, the rest (code, Node's and SQLite's native memory) ${fmt(f.nativeMb, 0)} MB; heap snapshot ${fmt(f.snapshotMb, 0)} MB`);
      console.log(`  live heap ${fmt(f.liveMb, 0)} MB after the reads, ${fmt(f.everyRouteLiveMb, 0)} MB once every page and route has been requested`);
      console.log("  heap snapshot, self size by constructor or type:");
      for (const t of f.top) console.log(`    ${fmt(t.mb, 1).padStart(6)} MB  ${String(t.count).padStart(8)}  ${t.name}`);
    }
  }
  if (wants("soak")) {
    await ensureProductionBuild(log);
    const minutes = envNumber("BENCH_SOAK_MINUTES", 3);
    const dialects: Array<"sqlite" | "postgres"> = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];
    for (const dialect of (process.env.BENCH_SOAK_DIALECTS?.split(",") as Array<"sqlite" | "postgres"> | undefined) ?? dialects) {
      const f = await benchSoak({ dialect, minutes, capsules: envNumber("BENCH_SOAK_CAPSULES", 200), log, plotDir: path.resolve(import.meta.dirname, "..", "docs") });
      console.log(`\nSoak on ${dialect}: ${minutes} min of mixed load (readers, draft saves, relayed votes, live subscribers); plot ${path.relative(process.cwd(), f.plotFile)}`);
      console.log("minute | RSS MB | loop p99 ms | requests | p99 ms | errors | votes | drafts | live events | load");
      for (const m of f.minutes) {
        console.log([String(m.minute).padStart(6), fmt(m.rssMb, 0).padStart(6), fmt(m.loopP99Ms, 1).padStart(11), String(m.requests).padStart(8), fmt(m.p99Ms, 0).padStart(6), String(m.errors).padStart(6), String(m.votes).padStart(5), String(m.drafts).padStart(6), String(m.liveEvents).padStart(11), m.load].join(" | "));
      }
      console.log(`RSS from minute 2 to the last: ${fmt(f.rssTrendPct, 1)} %; fitted growth from minute ${f.settledFrom} (after the warm-up) to the last: ${fmt(f.settledTrendPct, 1)} % (target: no upward trend beyond 10 %); errors ${f.minutes.reduce((n, m) => n + m.errors, 0)}${f.firstErrors.length ? ` (first: ${f.firstErrors.join("; ")})` : ""}`);
    }
  }
  if (wants("fanout")) {
    await ensureProductionBuild(log);
    const dialects: Array<"sqlite" | "postgres"> = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];
    const subscribers = envNumber("BENCH_FANOUT_SUBSCRIBERS", 1000);
    // 30: the p95 over all subscribers' times is then not set by one slow vote alone (each vote is a thirtieth of them)
    const votes = envNumber("BENCH_FANOUT_VOTES", 30);
    // BENCH_FANOUT_TALLY: event (the tally in the pushed change), read (a GET after it, as before), or both (default, votes taking turns)
    const tallyChoice = z.enum(["event", "read", "both"]).parse(process.env.BENCH_FANOUT_TALLY ?? "both");
    const sources: TallySource[] = tallyChoice === "both" ? ["event", "read"] : [tallyChoice];
    const figures = [];
    for (const dialect of (process.env.BENCH_FANOUT_DIALECTS?.split(",") as Array<"sqlite" | "postgres"> | undefined) ?? dialects) {
      figures.push(...(await benchLiveFanout({ dialect, subscribers, votes, sources, log })));
    }
    console.log(`\nLive fan-out: ${subscribers} GET /api/live subscribers on one capsule, ${votes} votes one at a time per tally source; ms from the head that mined the vote to a subscriber holding the new tally (event: from the change itself; read: its change event, then its GET)`);
    console.log("dialect  | tally | subscribers | addresses | p50 ms | p95 ms (target ≤ 250) | last subscriber p50 | last p95 | last max | RSS before → open MB | KiB per subscriber | load");
    for (const f of figures) {
      console.log([f.dialect.padEnd(8), f.source.padEnd(5), String(f.subscribers).padStart(11), String(f.addresses).padStart(9), fmt(f.p50, 0).padStart(6), fmt(f.p95, 0).padStart(21), fmt(f.lastP50, 0).padStart(19), fmt(f.lastP95, 0).padStart(8), fmt(f.lastMax, 0).padStart(8), `${fmt(f.rssBeforeMb, 0)} → ${fmt(f.rssOpenMb, 0)}`.padStart(20), fmt(f.kibPerSubscriber, 1).padStart(18), f.load].join(" | "));
    }
  }
  if (wants("scale")) {
    if (!pg) throw new Error("the scale bench needs PostgreSQL at 127.0.0.1:5432 (three servers share one database)");
    log(`scale: ${haproxyVersion()}`); // stops the bench at once, naming the Debian package, when haproxy is missing
    await ensureProductionBuild(log);
    const seconds = envNumber("BENCH_SCALE_SECONDS", 20);
    const rounds = envNumber("BENCH_SCALE_ROUNDS", 1);
    printScale(
      await benchScale({
        seconds,
        rounds,
        // each phase's editors vote on their own pool of capsules, 8 votes per capsule
        capsules: envNumber("BENCH_SCALE_CAPSULES", 4 * seconds * (2 * rounds + 1)),
        connections: envNumber("BENCH_SCALE_CONNECTIONS", 32),
        killAfterSeconds: envNumber("BENCH_SCALE_KILL_AFTER", Math.round(seconds / 3)),
        log,
      }),
    );
  }
  if (wants("reader-pages")) {
    await ensureProductionBuild(log);
    printReaderPages(await benchReaderPages({ runs: envNumber("BENCH_BROWSER_RUNS", 9), log }));
  }

  if (wants("wrapper")) {
    // BENCH_WRAPPER_REQUESTS (default 3000) one at a time per step and round, over BENCH_CAPSULES[0] capsules
    console.log("\nBy-id read in one process, one request at a time (CPU ms a request; wall ms):");
    for (const dialect of dialects)
      for (const f of await benchWrapperCost({ dialect, capsules: capsuleSizes()[0]!, requests: envNumber("BENCH_WRAPPER_REQUESTS", 3000) }))
        console.log(`  ${f.dialect.padEnd(8)} ${f.step.padEnd(30)} ${fmt(f.cpuMs, 3)} CPU, ${fmt(f.wallMs, 3)} wall`);
  }

  if (wants("profile")) {
    // BENCH_PROFILE_ROUTE=id|id304|page (default id), BENCH_PROFILE_DIALECT=sqlite|postgres (default sqlite)
    const dialect = process.env.BENCH_PROFILE_DIALECT === "postgres" && pg ? "postgres" : "sqlite";
    const capsules = capsuleSizes()[0]!;
    const page = envNumber("BENCH_PROFILE_PAGE", 1);
    const byId = process.env.BENCH_PROFILE_ROUTE !== "page";
    const conditional = process.env.BENCH_PROFILE_ROUTE === "id304";
    const { figures, summary } = await profileReads({
      conditional,
      dialect,
      capsules,
      seconds: envNumber("BENCH_SECONDS", 10),
      // BENCH_PROFILE_PATH: any one path instead (e.g. the trivial route /api/meta/action-keys)
      path: (firstId, count) => process.env.BENCH_PROFILE_PATH ?? (byId ? `/api/capsules/${firstId + Math.floor(Math.random() * count)}` : `/api/capsules?page=${page}&limit=20`),
      log,
    });
    const measured = process.env.BENCH_PROFILE_PATH ? `GET ${process.env.BENCH_PROFILE_PATH}` : byId ? `GET /api/capsules/:id${conditional ? " with If-None-Match (304)" : ""}` : `GET /api/capsules?page=${page}`;
    console.log(`\nCPU profile of the server under ${measured} (${dialect}): ${fmt(figures.rps, 0)} req/s, p50 ${figures.p50} / p99 ${figures.p99} ms, ${figures.notModified ?? 0} answered 304`);
    console.log(`self time by origin (of ${fmt(summary.totalMs / 1000, 1)} s sampled):`);
    for (const [bucket, ms] of summary.buckets) console.log(`  ${fmt((100 * ms) / summary.totalMs, 1).padStart(5)} %  ${bucket}`);
    console.log("top functions by self time:");
    for (const [name, ms] of summary.functions) console.log(`  ${fmt((100 * ms) / summary.totalMs, 1).padStart(5)} %  ${name}`);
  }
  log(`done; ${machineLine()}`);
}

main()
  .catch(async (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanupAll();
    process.exit(process.exitCode ?? 0); // a pool or socket left open must not keep the bench alive
  });
