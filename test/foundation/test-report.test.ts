import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSuiteErrors, vitestCounts, withExitStatus } from "@/scripts/test-report";

// `npm test`'s closing count (scripts/test-report.ts): a test file that fails without a failed test (it
// did not load) and a runner that exits non-zero without a reported failure must both count as failed.
// A describe block whose hook threw is named with the hook's error (scripts/suite-errors-reporter.ts).

const root = "/repo";

/** A vitest JSON report with these counts and files, written where vitestCounts reads it. */
function reportFile(passed: number, failed: number, testResults: unknown[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "capsule-test-report-")), "vitest.json");
  fs.writeFileSync(file, JSON.stringify({ numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, numTodoTests: 0, testResults }));
  return file;
}

describe("the closing count of npm test", () => {
  it("counts a test file that failed to load as a failure, named with its message", () => {
    const file = reportFile(2, 0, [
      { name: "/repo/test/a.test.ts", status: "passed", assertionResults: [{ fullName: "a", status: "passed" }, { fullName: "b", status: "passed" }] },
      { name: "/repo/test/gone.test.ts", status: "failed", message: "Error: Cannot find module '/repo/test/gone.test.ts'\n    at …", assertionResults: [] },
    ]);
    const counts = vitestCounts(file, root);
    expect(counts.passed).toBe(2);
    expect(counts.failed).toBe(1);
    expect(counts.failures).toEqual(["test/gone.test.ts: Error: Cannot find module '/repo/test/gone.test.ts'"]);
  });

  it("counts each failed test once, not its file again", () => {
    const file = reportFile(0, 1, [
      { name: "/repo/test/b.test.ts", status: "failed", message: "", assertionResults: [{ fullName: "b fails", status: "failed", failureMessages: ["AssertionError: expected 1 to be 2"] }] },
    ]);
    const counts = vitestCounts(file, root);
    expect(counts.failed).toBe(1);
    expect(counts.failures).toEqual(["test/b.test.ts › b fails: AssertionError: expected 1 to be 2"]);
  });

  it("counts a runner's non-zero exit without a reported failure as one failure", () => {
    const clean = { passed: 5, failed: 0, skipped: 0, failures: [] };
    expect(withExitStatus(clean, "vitest", 0)).toEqual(clean);
    const exited = withExitStatus(clean, "vitest", 1);
    expect(exited.failed).toBe(1);
    expect(exited.failures).toEqual(["vitest exited with code 1 without reporting a failed test"]);
    const reported = { passed: 4, failed: 2, skipped: 0, failures: ["x", "y"] };
    expect(withExitStatus(reported, "playwright", 1)).toEqual(reported);
  });

  it("names the describe block whose hook threw, with the error, from a real vitest run", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-hook-fails-"));
    fs.writeFileSync(
      path.join(dir, "hook.test.mjs"),
      `import { beforeAll, describe, expect, it } from "vitest";
describe.each(["sqlite", "postgres"])("votes on %s", (dialect) => {
  beforeAll(() => { if (dialect === "postgres") throw new Error("timed out waiting for capsule pending"); });
  it("runs", () => expect(dialect).toBeTruthy());
});
`,
    );
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), "export default {};\n");
    const json = path.join(dir, "vitest.json");
    const hooks = path.join(dir, "suite-errors.json");
    const repo = path.resolve(import.meta.dirname, "..", "..");
    const run = spawnSync(
      path.join(repo, "node_modules", ".bin", "vitest"),
      ["run", "--root", dir, "--config", path.join(dir, "vitest.config.mjs"), "--reporter=json", `--outputFile.json=${json}`, `--reporter=${path.join(repo, "scripts", "suite-errors-reporter.ts")}`],
      { cwd: dir, env: { ...process.env, CAPSULE_SUITE_ERRORS_FILE: hooks }, encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(1);
    const withoutHooks = vitestCounts(json, dir);
    expect(withoutHooks.failures).toEqual(["hook.test.mjs: the file failed without a failed test"]);
    const counts = vitestCounts(json, dir, readSuiteErrors(hooks));
    expect(counts).toMatchObject({ passed: 1, failed: 1, skipped: 1 });
    expect(counts.failures).toHaveLength(1);
    expect(counts.failures[0]).toMatch(/^hook\.test\.mjs › votes on postgres: a hook failed: Error: timed out waiting for capsule pending ⏎ at .*hook\.test\.mjs:3/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
