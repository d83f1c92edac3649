import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorStatus } from "@/lib/errors/app-error";

// The error table (lib/errors/app-error.ts) is what the OpenAPI document offers as the error body's `error`
// values: each code in it is one some route can answer, and docs/API.md's table of statuses lists each of them.

const root = path.resolve(import.meta.dirname, "..", "..");
const codes = Object.keys(errorStatus);

/** The codes in docs/API.md's "| Status | Codes |" table, under the status each row names. */
function documentedCodes(): Map<string, string> {
  const api = fs.readFileSync(path.join(root, "docs", "API.md"), "utf8");
  const lines = api.slice(api.indexOf("| Status | Codes |")).split("\n").slice(2);
  const rows = lines.slice(0, lines.findIndex((line) => !line.trim().startsWith("|")));
  const found = new Map<string, string>();
  for (const row of rows) {
    const [, status = "", text = ""] = row.split("|").map((cell) => cell.trim());
    for (const code of text.match(/\b[A-Z][A-Z_]{3,}\b/g) ?? []) if (code in errorStatus) found.set(code, status);
  }
  return found;
}

/** Source files (not tests) other than the table itself that name `code` as a string. */
function answeredBy(code: string, sources: Array<[string, string]>): string[] {
  return sources.filter(([, text]) => text.includes(`"${code}"`)).map(([file]) => file);
}

describe("the error table", () => {
  const sources = execFileSync("git", ["ls-files", "-z", "--", "lib", "features", "app", "server", "pages", "bounty"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("test-support") && file !== "lib/errors/app-error.ts")
    .filter((file) => fs.existsSync(path.join(root, file)))
    .map((file) => [file, fs.readFileSync(path.join(root, file), "utf8")] as [string, string]);

  it("holds only codes that some code path answers", () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(codes.filter((code) => answeredBy(code, sources).length === 0)).toEqual([]);
  });

  it("is the table of statuses in docs/API.md, each code under its status", () => {
    const documented = documentedCodes();
    expect(codes.filter((code) => !documented.has(code))).toEqual([]);
    for (const [code, status] of documented) expect(status, code).toContain(String(errorStatus[code as keyof typeof errorStatus]));
  });
});
