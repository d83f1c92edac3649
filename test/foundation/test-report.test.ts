import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { vitestCounts, withExitStatus } from "@/scripts/test-report";

// `npm test`'s closing count (scripts/test-report.ts): a test file that fails without a failed test (it
// did not load) and a runner that exits non-zero without a reported failure must both count as failed.

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
});
