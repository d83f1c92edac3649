import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repository stands alone: no code comment, test name or doc cites a document that is not in
// it (the design rules live in docs/ARCHITECTURE.md, in this project's own words).

const root = path.resolve(import.meta.dirname, "..", "..");
const trackedFiles = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => file.length > 0 && /\.(ts|tsx|mjs|js|sol|md|json|css|yml|yaml|sh)$/.test(file) && !file.endsWith("package-lock.json"));

// Written in pieces so this file does not match itself.
const outsideCitations = [new RegExp(["DESIGN", " §"].join("")), new RegExp(["STYLE", " §"].join("")), new RegExp(["DESIGN", "\\.md"].join("")), new RegExp(["STYLE", "\\.md"].join("")), new RegExp(["shared", "/seed"].join("")), new RegExp(["\\.\\./", "shared"].join(""))];

describe("self-contained repository", () => {
  it("lists the tracked sources it checks", () => {
    expect(trackedFiles.length).toBeGreaterThan(300);
    expect(trackedFiles).toContain("docs/ARCHITECTURE.md");
  });

  it("cites no document outside the repository", () => {
    const offenders: string[] = [];
    for (const file of trackedFiles) {
      const full = path.join(root, file);
      if (!fs.existsSync(full)) continue;
      const lines = fs.readFileSync(full, "utf8").split("\n");
      lines.forEach((line, index) => {
        if (outsideCitations.some((pattern) => pattern.test(line))) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it("keeps the design rules the code points to in docs/ARCHITECTURE.md", () => {
    const architecture = fs.readFileSync(path.join(root, "docs", "ARCHITECTURE.md"), "utf8");
    for (const rule of ["What runs", "Where truth lives", "Vote arithmetic", "Signed action tokens", "Errors, limits and lists", "States"]) {
      expect(architecture).toContain(`### ${rule}`);
    }
  });
});
