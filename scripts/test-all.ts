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

type Counts = { passed: number; failed: number; skipped: number };

function vitestCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

function playwrightCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
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
console.log(`\n[test] vitest ${vitest.passed} passed / ${vitest.failed} failed; playwright ${browser.passed} passed / ${browser.failed} failed; typecheck ${typecheckOk ? "ok" : "FAILED"}; build ${buildOk ? "ok" : "FAILED"}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
