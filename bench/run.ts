// `npm run bench`: measures and prints figures (never asserts timings). See docs/PERFORMANCE.md.
import { benchIndexerBackfill } from "./indexer-backfill";
import { benchHttpReads, type ReadFigures } from "./http-reads";
import { benchVoteLag } from "./vote-lag";
import { fmt } from "./support/stats";
import { createTestDatabase, postgresAvailable } from "@/test/support/postgres";

const log = (message: string) => console.log(`[bench] ${message}`);
const only = process.argv.slice(2);
const wants = (name: string) => only.length === 0 || only.includes(name);

async function main() {
  const pg = await postgresAvailable();
  const dialects: Array<"sqlite" | "postgres"> = pg ? ["sqlite", "postgres"] : ["sqlite"];
  if (!pg) log("PostgreSQL at 127.0.0.1:5432 is not reachable: PostgreSQL figures are skipped");

  if (wants("reads")) {
    const capsules = Number(process.env.BENCH_CAPSULES ?? 100_000);
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    const all: ReadFigures[] = [];
    for (const dialect of dialects) all.push(...(await benchHttpReads({ dialect, capsules, seconds, log })));
    console.log(`\nHTTP reads (${capsules} capsules, 100 connections, no pipelining, ${seconds} s each)`);
    console.log("dialect   | route                              | route req/s | p50 ms | p99 ms | bare req/s | p50 ms | p99 ms | ratio");
    for (let i = 0; i < all.length; i += 2) {
      const viaRoute = all[i]!;
      const bare = all[i + 1]!;
      console.log(
        [viaRoute.dialect.padEnd(9), viaRoute.route.padEnd(34), fmt(viaRoute.rps, 0).padStart(11), String(viaRoute.p50).padStart(6), String(viaRoute.p99).padStart(6), fmt(bare.rps, 0).padStart(10), String(bare.p50).padStart(6), String(bare.p99).padStart(6), fmt(viaRoute.rps / bare.rps, 2).padStart(5)].join(" | "),
      );
    }
  }

  if (wants("lag")) {
    const votes = Number(process.env.BENCH_LAG_VOTES ?? 100);
    for (const dialect of dialects) {
      const lag = await benchVoteLag({ dialect, votes, log });
      console.log(`VoteCast receipt -> tally in GET /api/capsules/:id (${dialect}, ${lag.votes} votes): p50 ${fmt(lag.p50)} ms, p95 ${fmt(lag.p95)} ms, max ${fmt(lag.max)} ms`);
    }
  }

  if (wants("backfill")) {
    const total = Number(process.env.BENCH_BACKFILL_EVENTS ?? 50_000);
    for (const dialect of dialects) {
      const database = dialect === "postgres" ? await createTestDatabase("capsule_bench") : undefined;
      try {
        const figures = await benchIndexerBackfill({ total, databaseUrl: database?.url, log });
        console.log(`indexer back-fill (${dialect}): ${figures.events} VoteCast events in ${fmt(figures.seconds, 2)} s = ${fmt(figures.eventsPerSecond, 0)} events/s`);
      } finally {
        await database?.drop();
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
