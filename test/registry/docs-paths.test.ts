import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every path the docs name exists: a newcomer following docs/ lands on a file, not on a name a
// refactor left behind. A path is a `code span` starting with a top-level folder of this
// repository; globs (`features/**`, `app/api/**/route.ts`) and placeholders (`<area>`) must
// match at least one tracked file or folder. Generated output (public/islands/) is named as such.

const root = path.resolve(import.meta.dirname, "..", "..");
const tracked = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
const GENERATED = ["public/islands/", "data/", ".next/", "test-results/", "playwright-report/"];
const TOP = ["app", "bench", "bounty", "components", "contracts", "docs", "e2e", "features", "lib", "ops", "pages", "public", "scripts", "server", "test"];
const docs = tracked.filter((file) => /^(docs\/.*|README)\.md$/.test(file) || file === "README.md");

function toPattern(named: string): RegExp {
  const escaped = named
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/<[^>]+>/g, "[^/]+")
    .replace(/\*\*\/?/g, "\u0000")
    .replace(/\*/g, "[^/]*")
    .replace(/\u0000/g, ".*");
  return new RegExp(`^${escaped}(/.*)?$`);
}

function pathsNamedIn(text: string): string[] {
  const named = new Set<string>();
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const candidate = (span as string).trim().split(/[\s:#(]/)[0] ?? "";
    if (!TOP.some((top) => candidate === top || candidate.startsWith(`${top}/`))) continue;
    if (GENERATED.some((prefix) => candidate.startsWith(prefix))) continue;
    named.add(candidate.replace(/[.,;]$/, "").replace(/\/$/, ""));
  }
  return [...named];
}

describe("paths named in the docs", () => {
  it("reads README.md and every file under docs/", () => {
    expect(docs).toContain("README.md");
    expect(docs).toContain("docs/ARCHITECTURE.md");
  });

  it("every one exists in the repository", () => {
    const missing: string[] = [];
    for (const doc of docs) {
      for (const named of pathsNamedIn(fs.readFileSync(path.join(root, doc), "utf8"))) {
        const pattern = toPattern(named);
        if (!tracked.some((file) => pattern.test(file))) missing.push(`${doc}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("would notice a path that does not exist", () => {
    const [named] = pathsNamedIn("see `lib/http/route.ts` for the wrapper");
    expect(named).toBe("lib/http/route.ts");
    expect(tracked.some((file) => toPattern(named as string).test(file))).toBe(false);
    expect(tracked.some((file) => toPattern("features/<area>/**").test(file))).toBe(true);
  });
});
