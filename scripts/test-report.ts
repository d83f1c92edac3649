// What `npm test` counts from the runners' JSON reports (scripts/test-all.ts). A failure is a failed
// test, a test file that failed without one (it did not load, a hook threw), or a runner that exited
// non-zero without reporting either: none of them may end in "0 failed".
import fs from "node:fs";
import path from "node:path";
import type { SuiteError } from "./suite-errors-reporter";

// `failures` names each failed test, printed again at the very end: a CI log is often read from its tail.
export type Counts = { passed: number; failed: number; skipped: number; failures: string[] };

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; status?: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
};

function firstLine(text: string | undefined): string {
  return (text ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n").find((line) => line.trim() !== "")?.trim().slice(0, 300) ?? "";
}

/** The hook errors scripts/suite-errors-reporter.ts wrote, none when it wrote no file. */
export function readSuiteErrors(file: string): SuiteError[] {
  if (!fs.existsSync(file)) return [];
  return JSON.parse(fs.readFileSync(file, "utf8")) as SuiteError[];
}

/** The error and the first frames of its stack on one line. */
const hookLines = (message: string) =>
  message
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 4)
    .join(" ⏎ ")
    .slice(0, 600);

export function vitestCounts(file: string, root: string, suiteErrors: SuiteError[] = []): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: ["vitest wrote no report"] };
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as VitestReport;
  const failures: string[] = [];
  let filesFailed = 0;
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    const hooks = suiteErrors.filter((error) => error.file === suite.name);
    // a hook that threw fails its describe block, whose tests are then skipped: say which block and why
    for (const hook of hooks) failures.push(`${where} › ${hook.suite}: a hook failed: ${hookLines(hook.message)}`);
    if (failedTests.length === 0 && (suite.status === "failed" || suite.message)) {
      filesFailed++;
      if (suite.message || hooks.length === 0) failures.push(`${where}: ${firstLine(suite.message) || "the file failed without a failed test"}`);
    }
  }
  for (const error of suiteErrors.filter((e) => e.file === "")) failures.push(`an error outside any test: ${hookLines(error.message)}`);
  return { passed: report.numPassedTests, failed: report.numFailedTests + filesFailed, skipped: report.numPendingTests + report.numTodoTests, failures };
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: { title: string; file: string; ok: boolean; tests?: { results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
};

function playwrightFailures(suites: PlaywrightSuite[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `${spec.file} › ${spec.title}: ${firstLine(spec.tests?.[0]?.results?.at(-1)?.error?.message)}`),
    ...playwrightFailures(suite.suites),
  ]);
}

export function playwrightCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: ["playwright wrote no report"] };
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites?: PlaywrightSuite[] };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped, failures: playwrightFailures(report.suites) };
}

/** A runner that exited non-zero must count as a failure even when its report shows none. */
export function withExitStatus(counts: Counts, runner: string, status: number | null): Counts {
  if (status === 0 || counts.failed > 0) return counts;
  return { ...counts, failed: 1, failures: [...counts.failures, `${runner} exited with code ${status} without reporting a failed test`] };
}
