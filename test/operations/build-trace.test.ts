import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const root = process.cwd();
const distDir = path.join(root, process.env.CAPSULE_NEXT_DIST_DIR ?? ".next");
const traceSchema = z.object({ files: z.array(z.string()) });

/** Every `*.nft.json` the build wrote for a server route: the files a deployment of that route must carry. */
function traceFiles(): string[] {
  const entries = fs.readdirSync(path.join(distDir, "server"), { recursive: true, encoding: "utf8" });
  return entries.filter((entry) => entry.endsWith(".nft.json")).map((entry) => path.join(distDir, "server", entry));
}

function tracedProjectFolders(traceFile: string): Set<string> {
  const { files } = traceSchema.parse(JSON.parse(fs.readFileSync(traceFile, "utf8")));
  return new Set(files.map((file) => path.relative(root, path.resolve(path.dirname(traceFile), file)).split(path.sep)[0] ?? ""));
}

describe("the build's file traces", () => {
  it("carry no tests, benches or docs: no run-time path makes the tracer take the whole project", () => {
    const traces = traceFiles();
    expect(traces.length).toBeGreaterThan(20);
    const wholeProject = traces.filter((trace) => {
      const folders = tracedProjectFolders(trace);
      return ["test", "e2e", "bench", "docs"].some((folder) => folders.has(folder));
    });
    expect(wholeProject.map((trace) => path.relative(distDir, trace))).toEqual([]);
  });
});
