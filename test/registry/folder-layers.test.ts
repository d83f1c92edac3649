import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/ARCHITECTURE.md, "Layers": every product file belongs to a folder, and the folders form
// layers — lib (shared infrastructure) < features/<area> < the wiring in features/ < components <
// app, pages, server. Nothing imports a higher layer, and no two folders import each other, directly
// or through others.
//
// A folder is lib/<name> (a file directly in lib/ is a folder of its own), features/<area>,
// components/<area>, or one of app, pages, server, bounty. The files directly in features/ and
// features/openapi/ are the wiring: the endpoint registry, the projector list, the route wrapper
// with its authorize stage, and what is built from the registry (OpenAPI, the action catalogue).
// One feature may read another's rows: an import of another feature's repository or schema
// (*.repository.ts, *.schema.ts) points at that feature's data, a node of its own that imports
// only infrastructure and other data; every other import between features must keep the features
// acyclic. Tests and their support files (*.test.ts, *.test-support.ts) are not product code.

const root = path.resolve(import.meta.dirname, "..", "..");
const PRODUCT = ["lib", "features", "components", "app", "pages", "server", "bounty"];
const TOP_FOLDERS = ["app", "pages", "server", "bounty"];
const WIRING = "features (wiring)";

/** The layer of a folder; an import may only go to the same or a lower layer. */
function layerOf(folder: string): number {
  if (folder.startsWith("lib/")) return 0;
  if (folder === WIRING) return 2;
  if (folder.startsWith("features/")) return 1;
  if (folder.startsWith("components/")) return 3;
  return 4;
}

const isData = (file: string) => /\.(repository|schema)\.ts$/.test(file);
const isTest = (file: string) => /\.test\.tsx?$|\.test-support\.ts$/.test(file);

function folderOf(file: string): string | undefined {
  const rel = path.relative(root, file).split(path.sep);
  const [top, second] = rel;
  if (top === "lib") return `lib/${(second ?? "").replace(/\.tsx?$/, "")}`;
  if (top === "features") {
    if (rel.length === 2 || second === "openapi") return WIRING;
    return isData(file) ? `features/${second}/data` : `features/${second}`;
  }
  if (top === "components" && rel.length > 2) return `components/${second}`;
  if (top !== undefined && TOP_FOLDERS.includes(top)) return top;
  return undefined;
}

const sameFeature = (a: string, b: string) => a.replace(/\/data$/, "") === b.replace(/\/data$/, "");

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !isTest(full) ? [full] : [];
  });
}

const productFiles = () => PRODUCT.flatMap((dir) => sources(path.join(root, dir)));

type Graph = Map<string, Map<string, string>>;

function folderGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of productFiles()) {
    const from = folderOf(file);
    if (!from) continue;
    for (const match of fs.readFileSync(file, "utf8").matchAll(/(?:from |import\()"(@\/|\.{1,2}\/)([^"]+)"/g)) {
      const target = match[1] === "@/" ? path.join(root, match[2]!) : path.resolve(path.dirname(file), match[1]! + match[2]!);
      const to = folderOf(/\.tsx?$/.test(target) ? target : `${target}.ts`);
      if (!to || to === from || sameFeature(from, to)) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, path.relative(root, file));
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle found by a depth-first walk, as "a -> b (file) -> a" lines. */
function cycles(graph: Graph): string[] {
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

function upwardImports(graph: Graph): string[] {
  const found: string[] = [];
  for (const [from, edges] of graph) {
    for (const [to, via] of edges) if (layerOf(to) > layerOf(from)) found.push(`${from} -> ${to} (${via})`);
  }
  return found;
}

describe("the folder layers", () => {
  it("sees the import graph", () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(40);
    expect(graph.get("features/capsules")?.has("lib/db")).toBe(true);
    expect(graph.get("features/court")?.has("features/capsules/data")).toBe(true);
    expect(graph.get(WIRING)?.has("features/court")).toBe(true);
  });

  it("places every product file in a folder, lib's own files included", () => {
    const files = productFiles();
    expect(files.length).toBeGreaterThan(700);
    expect(files.filter((file) => folderOf(file) === undefined).map((file) => path.relative(root, file))).toEqual([]);
    expect(fs.existsSync(path.join(root, "hooks"))).toBe(false); // hooks sit with the components that use them
  });

  it("has no folder cycle", () => {
    expect(cycles(folderGraph())).toEqual([]);
  });

  it("imports nothing upwards: lib imports no feature, a feature no component, a component no page", () => {
    expect(upwardImports(folderGraph())).toEqual([]);
  });

  it("finds a cycle and an upward import when one is there", () => {
    const graph: Graph = new Map([
      ["lib/a", new Map([["features/b", "lib/a/x.ts"]])],
      ["features/b", new Map([["lib/a", "features/b/y.ts"]])],
    ]);
    expect(cycles(graph)).toHaveLength(1);
    expect(upwardImports(graph)).toEqual(["lib/a -> features/b (lib/a/x.ts)"]);
  });

  it("tells a feature's data from its services", () => {
    expect(folderOf(path.join(root, "features/court/court.repository.ts"))).toBe("features/court/data");
    expect(folderOf(path.join(root, "features/court/labels.ts"))).toBe("features/court");
    expect(folderOf(path.join(root, "features/registry.ts"))).toBe(WIRING);
    expect(folderOf(path.join(root, "lib/log.ts"))).toBe("lib/log");
  });

  it("keeps distribution tiers in one folder", () => {
    const distributionFiles = productFiles().filter((file) => /distribution/.test(path.basename(file)) && !file.includes(`${path.sep}components${path.sep}`) && !file.includes(`${path.sep}app${path.sep}`));
    for (const file of distributionFiles) expect(path.relative(root, file)).toMatch(/^features\/distribution\//);
  });
});
