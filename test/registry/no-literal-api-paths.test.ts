import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actionNames } from "@/features/action-catalog";

// Pages, hooks, components, the browser tests and the API tests reach the bridge only through the
// typed client and the endpoint descriptors: no literal /api/ path and no action name written by hand.

const root = path.resolve(import.meta.dirname, "..", "..");
const scanned = ["components", "app", "e2e", "test", "features"];
const skipped = [path.join("app", "api")]; // route files import their descriptors; their comments name the route

// Test files allowed to spell bridge paths or action names. Each entry says why; a file not listed
// here that writes a literal /api/ path or an action name fails this test.
const allowed = new Set([
  // HTTP-surface probes whose subject is the raw path: route files ↔ templates, undecodable or
  // unknown paths, tokens bound to another path
  "test/registry/route-files.test.ts",
  "test/registry/wrapper-hardening.test.ts",
  // the fast path's answers compared byte for byte with Next's, request by raw request
  "features/capsules/fast-reads.integration.test.ts",
  // this file: the samples that prove the patterns match
  "test/registry/no-literal-api-paths.test.ts",
]);
// Files that spell an action name without making a request (still scanned for paths): rows written
// straight into auth_nonces.
const actionNamesAllowed = new Set(["test/hardening/housekeeping.test.ts", "test/operations/backup-archive.test.ts"]);

function sources(dir: string): string[] {
  if (skipped.some((skip) => path.relative(root, dir) === skip)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");
// in features/, only the API tests (as under test/): descriptors declare paths, unit tests read pure functions
const isFeatureCode = (file: string) => relative(file).startsWith("features/") && !/\.integration\.test\.ts$|\.test-support\.ts$/.test(file);
const files = scanned.flatMap((dir) => sources(path.join(root, dir))).filter((file) => !allowed.has(relative(file)) && !isFeatureCode(file));
// a string or template literal that starts with /api (or a regular expression that spells it)
const literalPath = /["'`]\/api(?:[/?"'`]|$)|\\\/api\\\//;

describe("no hand-built bridge paths or action names", () => {
  it("scans the pages, components with their hooks, e2e and API tests", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((file) => /^(test|features)\//.test(relative(file))).length).toBeGreaterThan(40);
    expect(files.filter((file) => relative(file).startsWith("features/")).length).toBeGreaterThan(30);
  });

  it("allowlists only files that exist", () => {
    for (const file of [...allowed, ...actionNamesAllowed]) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it("has no literal /api/ path outside the client and the descriptors", () => {
    const offenders = files.flatMap((file) =>
      fs.readFileSync(file, "utf8").split("\n").flatMap((line, i) => (literalPath.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it("has no action name as a string literal", () => {
    const quoted = new RegExp(`["'\`](${actionNames.map((n) => n.replace(/\./g, "\\.")).join("|")})["'\`]`);
    const offenders = files
      .filter((file) => !actionNamesAllowed.has(relative(file)))
      .flatMap((file) => fs.readFileSync(file, "utf8").split("\n").flatMap((line, i) => (quoted.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it("would catch one", () => {
    expect(literalPath.test('fetch("/api/capsules/1")')).toBe(true);
    expect(literalPath.test("getJson(`/api/outlets?${params}`)")).toBe(true);
    expect(literalPath.test("/status of 403 .*\\/api\\/roles\\/grant$/")).toBe(true);
    expect(literalPath.test('import { call } from "@/lib/api/client";')).toBe(false);
  });
});
