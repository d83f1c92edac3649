import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/ARCHITECTURE.md: the folders form layers, so no two folders import each other, directly or
// through others. A folder is lib/<name> (a file directly in lib/ is a folder of its own),
// lib/services/<area> for the services, components/<area>, hooks, app, pages, server and bounty.

const root = path.resolve(import.meta.dirname, "..", "..");
const lib = path.join(root, "lib");

const TOP_FOLDERS = ["hooks", "app", "pages", "server", "bounty"];

function folderOf(file: string): string | undefined {
  const parts = path.relative(root, file).replace(/\.tsx?$/, "").split(path.sep);
  if (parts[0] === "lib" && parts.length === 2) return `lib/${parts[1]}`;
  if (parts[0] === "lib") return parts[1] === "services" && parts.length > 3 ? `lib/services/${parts[2]}` : `lib/${parts[1]}`;
  if (parts[0] === "components" && parts.length > 2) return `components/${parts[1]}`;
  if (parts[0] !== undefined && TOP_FOLDERS.includes(parts[0])) return parts[0];
  return undefined;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of [lib, ...["components", ...TOP_FOLDERS].map((dir) => path.join(root, dir))].flatMap(sources)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const match of fs.readFileSync(file, "utf8").matchAll(/from "(@\/|\.{1,2}\/)([^"]+)"/g)) {
      const target = match[1] === "@/" ? path.join(root, match[2]!) : path.resolve(path.dirname(file), match[1]! + match[2]!);
      const to = folderOf(target);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, path.relative(root, file));
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle found by a depth-first walk, as "a -> b (file) -> a" lines. */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const walk = (node: string) => {
    state.set(node, "open");
    trail.push(node);
    for (const [next, via] of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...trail.slice(trail.indexOf(next)), next].join(" -> ") + ` (last edge in ${via})`);
      else if (!state.has(next)) walk(next);
    }
    trail.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) walk(node);
  return found;
}

describe("the folder layers under lib/", () => {
  it("sees the import graph", () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(15);
    expect(graph.get("lib/services/capsules")?.has("lib/db")).toBe(true);
  });

  it("has no folder cycle", () => {
    expect(cycles(folderGraph())).toEqual([]);
  });

  it("finds a cycle when one is there", () => {
    const graph = new Map([
      ["lib/a", new Map([["lib/b", "lib/a/x.ts"]])],
      ["lib/b", new Map([["lib/a", "lib/b/y.ts"]])],
    ]);
    expect(cycles(graph)).toHaveLength(1);
  });

  it("keeps distribution tiers in one folder", () => {
    const distributionFiles = sources(lib).filter((file) => /distribution/.test(path.basename(file)));
    for (const file of distributionFiles) expect(path.relative(root, file)).toMatch(/^lib\/(distribution|schemas)\//);
  });
});
