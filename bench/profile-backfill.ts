import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { startAnvil } from "@/lib/chain/anvil-process";
import { openDatabase } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { freePort } from "@/test/support/free-port";
import { BACKFILL_CAPSULES, backfillIndexer, emitVotes } from "./indexer-backfill";
import { seedCapsules } from "./seed-capsules";
import { onCleanup } from "./support/cleanup";
import { summarizeProfiles } from "./support/cpu-profile";

/**
 * Where a projected SQLite back-fill spends its time: the bench's 50,000 VoteCast events are emitted
 * once, then back-filled `BENCH_PROFILE_ROUNDS` times into fresh databases with V8's CPU profiler
 * running around the indexer's pass only (not the seeding); the last round's profile is summarized
 * as self time per origin and function. `node --import tsx --import ./scripts/server-only-hook.mjs bench/profile-backfill.ts`
 */
async function main() {
  const rounds = Number(process.env.BENCH_PROFILE_ROUNDS ?? 2);
  const total = Number(process.env.BENCH_BACKFILL_EVENTS ?? 50_000);
  const mode = process.env.BENCH_PROFILE_MODE === "raw" ? "raw" : "projected";
  const anvil = await startAnvil({ port: await freePort() });
  const stopAnvil = onCleanup(() => anvil.stop());
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-prof-backfill-"));
  const session = new Session();
  session.connect();
  try {
    const emitted = await emitVotes(anvil.rpcUrl, total, 1, console.log);
    for (let round = 0; round < rounds; round++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-bench-idx-"));
      const handle = openDatabase({ sqliteFile: path.join(dir, "bench.sqlite") });
      try {
        await migrateToLatest(handle.db);
        if (mode === "projected") await seedCapsules(handle.db, handle.dialect, BACKFILL_CAPSULES, () => undefined);
        const indexer = backfillIndexer(emitted, handle, mode);
        const last = round === rounds - 1;
        if (last) {
          await session.post("Profiler.enable");
          await session.post("Profiler.setSamplingInterval", { interval: 200 });
          await session.post("Profiler.start");
        }
        const started = performance.now();
        const result = await indexer.syncToHead();
        const seconds = (performance.now() - started) / 1000;
        if (last) {
          const { profile } = await session.post("Profiler.stop");
          fs.writeFileSync(path.join(outDir, "backfill.cpuprofile"), JSON.stringify(profile));
        }
        console.log(`round ${round + 1}: ${result.inserted} events in ${seconds.toFixed(2)} s = ${Math.round(result.inserted / seconds)} events/s`);
      } finally {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    const summary = summarizeProfiles(outDir, 40);
    console.log(`\nprofile ${summary.file}: ${summary.totalMs.toFixed(0)} ms sampled`);
    for (const [bucket, ms] of summary.buckets) console.log(`${ms.toFixed(0).padStart(7)} ms  ${bucket}`);
    console.log("");
    for (const [name, ms] of summary.functions) console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
  } finally {
    session.disconnect();
    await stopAnvil();
  }
}

await main();
