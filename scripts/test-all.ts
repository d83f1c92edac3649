// `npm test`: every test the project has — typecheck, unit and integration tests (vitest, on
// SQLite and PostgreSQL against anvil), and the browser tests (Playwright in Debian's chromium) —
// then one closing line "tests: N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const results = path.join(root, "test-results");
fs.mkdirSync(results, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(title: string, command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n[test] ${title}: ${path.basename(command)} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  console.log(`[test] ${title} finished in ${((Date.now() - started) / 1000).toFixed(0)} s with exit code ${result.status}`);
  return result.status === 0;
}

// `failures` names each failed test, printed again at the very end: a CI log is often read from its tail.
type Counts = { passed: number; failed: number; skipped: number; failures: string[] };

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
};

function firstLine(text: string | undefined): string {
  return (text ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n").find((line) => line.trim() !== "")?.trim().slice(0, 300) ?? "";
}

function vitestCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: ["vitest wrote no report"] };
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as VitestReport;
  const failures: string[] = [];
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failedTests.length === 0 && suite.message) failures.push(`${where}: ${firstLine(suite.message)}`);
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests, failures };
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

function playwrightCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: ["playwright wrote no report"] };
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites?: PlaywrightSuite[] };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped, failures: playwrightFailures(report.suites) };
}

const typecheckOk = run("typecheck", bin("tsc"), ["--noEmit", "-p", "."]);
const buildOk = process.env.CAPSULE_SKIP_BUILD === "1" || run("production build", bin("next"), ["build"]);

const vitestJson = path.join(results, "vitest.json");
fs.rmSync(vitestJson, { force: true });
if (buildOk) run("unit and integration tests", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);

const playwrightJson = path.join(results, "playwright.json");
fs.rmSync(playwrightJson, { force: true });
if (buildOk) run("browser tests", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

const vitest = vitestCounts(vitestJson);
const browser = playwrightCounts(playwrightJson);
const passed = vitest.passed + browser.passed + (typecheckOk ? 1 : 0) + (buildOk ? 1 : 0);
const failed = vitest.failed + browser.failed + (typecheckOk ? 0 : 1) + (buildOk ? 0 : 1);
const skipped = vitest.skipped + browser.skipped;
const failures = [...vitest.failures, ...browser.failures];
if (failures.length > 0) console.log(`\n[test] failed:\n${failures.map((line) => `  ✗ ${line}`).join("\n")}`);
console.log(`\n[test] vitest ${vitest.passed} passed / ${vitest.failed} failed; playwright ${browser.passed} passed / ${browser.failed} failed; typecheck ${typecheckOk ? "ok" : "FAILED"}; build ${buildOk ? "ok" : "FAILED"}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
