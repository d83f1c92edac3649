import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedCapsules } from "./seed-capsules";
import { startBenchStack } from "./support/bench-stack";
import { summarizeProfiles, type ProfileSummary } from "./support/cpu-profile";
import { load, type LoadFigures } from "./support/load";

/**
 * Where the route handlers spend their time: the real server runs with V8's CPU profiler
 * (support/cpu-profiler-preload.mjs) while autocannon loads one path, after a warm-up; the profile is summarized as self time per origin (Next.js, zod, kysely, driver, Node core, GC…).
 */
export async function profileReads(options: {
  dialect: "sqlite" | "postgres";
  capsules: number;
  seconds: number;
  path: (firstId: number, capsules: number) => string;
  /** Send each path's own ETag in If-None-Match (every answer a 304); paths are fetched once first. */
  conditional?: boolean;
  log: (m: string) => void;
}): Promise<{ figures: LoadFigures; summary: ProfileSummary }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-bench-prof-"));
  try {
    const bench = await startBenchStack(options.dialect, {
      CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000000000",
      CAPSULE_INDEXER: "off",
      NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "support", "cpu-profiler-preload.mjs")}`,
      BENCH_CPU_PROFILE_DIR: dir,
    });
    let figures: LoadFigures;
    try {
      const seeded = await seedCapsules(bench.handle.db, bench.handle.dialect, options.capsules, options.log);
      const pathFor = () => options.path(seeded.firstId, seeded.capsules);
      const etags = new Map<string, string>();
      if (options.conditional) {
        for (let i = 0; i < 500; i++) {
          const one = pathFor();
          if (etags.has(one)) continue;
          const res = await fetch(new URL(one, bench.stack.baseUrl));
          await res.arrayBuffer();
          etags.set(one, res.headers.get("etag") ?? "");
        }
      }
      const tagged = [...etags.keys()];
      const conditionalPath = () => tagged[Math.floor(Math.random() * tagged.length)] ?? pathFor();
      const headersFor = options.conditional ? (one: string) => ({ "if-none-match": etags.get(one) ?? "" }) : undefined;
      const loadOptions = (seconds: number) => ({ seconds, connections: 100, headersFor });
      const measuredPath = options.conditional ? conditionalPath : pathFor;
      await load(bench.stack.baseUrl, measuredPath, loadOptions(2));
      fs.writeFileSync(path.join(dir, "start"), "");
      await new Promise((r) => setTimeout(r, 200));
      figures = await load(bench.stack.baseUrl, measuredPath, loadOptions(options.seconds));
      fs.writeFileSync(path.join(dir, "stop"), "");
      const deadline = Date.now() + 60_000;
      while (!fs.existsSync(path.join(dir, "written")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await bench.stop();
    }
    const summary = summarizeProfiles(dir);
    // BENCH_PROFILE_KEEP=<file>: keep the raw profile (open it in Chrome DevTools' Performance panel)
    const keep = process.env.BENCH_PROFILE_KEEP;
    if (keep) fs.copyFileSync(summary.file, keep);
    return { figures, summary };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
