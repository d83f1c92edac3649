import fs from "node:fs";
import path from "node:path";
import { SourceMap } from "node:module";
import { z } from "zod";

const ZProfile = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number(), columnNumber: z.number() }),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});
const ZSourceMapPayload = z.object({
  version: z.number(),
  file: z.string().default(""),
  sourceRoot: z.string().default(""),
  sources: z.array(z.string()),
  sourcesContent: z.array(z.string().nullable()).default([]).transform((all) => all.map((s) => s ?? "")),
  names: z.array(z.string()).default([]),
  mappings: z.string(),
});

export type ProfileSummary = { file: string; totalMs: number; buckets: Array<[string, number]>; functions: Array<[string, number]> };
type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

// Next's production server code is bundled; its .map files say which source a frame came from.
const maps = new Map<string, SourceMap | null>();
function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    let map: SourceMap | null = null;
    try {
      map = new SourceMap(ZSourceMapPayload.parse(JSON.parse(fs.readFileSync(`${file}.map`, "utf8"))));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return maps.get(file) ?? null;
}

/** The original source of a frame: `node_modules/<pkg>/…` or a project path, when a source map knows it. */
function originalOf(frame: Frame): { source: string; line: number } {
  const file = frame.url.replace(/^file:\/\//, "");
  if (/\.next[^/]*\/server\//.test(file)) {
    const entry = sourceMapOf(file)?.findEntry(frame.lineNumber, frame.columnNumber);
    if (entry && "originalSource" in entry && entry.originalSource) {
      const source = entry.originalSource.replace(/^(\.\.\/)+/, "").replace(/^\[project\]\//, "");
      return { source, line: entry.originalLine + 1 };
    }
  }
  return { source: file, line: frame.lineNumber + 1 };
}

// Where a sampled frame's code comes from: the framework, a library, our code, or the runtime.
function bucketOf(frame: Frame, source: string): string {
  if (frame.functionName === "(idle)") return "idle";
  if (frame.functionName === "(garbage collector)") return "garbage collector";
  if (frame.functionName === "(program)") return "V8 / native (program)";
  if (frame.url === "") return "native functions (syscalls, SQLite, JSON, …)";
  if (source.startsWith("node:") || !source.includes("/")) return "Node.js core (http, streams, undici, …)";
  const lib = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (lib) return lib === "next" ? "next (framework)" : lib;
  if (/\.next[^/]*\/server\//.test(source)) return "next (bundled runtime)";
  const rel = source.replace(/^.*?\/(lib|app|server|bench|bounty)\//, "$1/");
  return `project: ${rel}`;
}

/** Self time per origin and per function of the largest .cpuprofile in `dir` (the busiest process). */
export function summarizeProfiles(dir: string, top = 25): ProfileSummary {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).map((f) => path.join(dir, f));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir}`);
  const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
  const profile = ZProfile.parse(JSON.parse(fs.readFileSync(file, "utf8")));
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id);
    if (!frame) return;
    totalMs += ms;
    const { source, line } = originalOf(frame);
    const bucket = bucketOf(frame, source);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + ms);
    const where = frame.url ? `${source.split("/").slice(-3).join("/")}:${line}` : "native";
    const name = `${frame.functionName || "(anonymous)"} ${where}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  });
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { file, totalMs, buckets: sorted(buckets), functions: sorted(functions) };
}
