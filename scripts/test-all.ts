// `npm test`: every test the project has — typecheck, unit and integration tests (vitest, on
// SQLite and PostgreSQL against anvil), and the browser tests (Playwright in Debian's chromium) —
// then one closing line "tests: N passed, N failed".
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { playwrightCounts, readSuiteErrors, vitestCounts, withExitStatus } from "./test-report";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const results = path.join(root, "test-results");
fs.mkdirSync(results, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

/**
 * Runs one layer and prints its duration. Without blocking this process (not spawnSync), so a layer running beside
 * (`beside`) keeps having its output read; that one's output is kept and printed in one piece when it ends, so it
 * does not interleave with the layer in front.
 */
function run(title: string, command: string, args: string[], options: { extraEnv?: Record<string, string>; beside?: boolean } = {}): Promise<number | null> {
  console.log(`\n[test] ${title}${options.beside ? " (beside the next step)" : ""}: ${path.basename(command)} ${args.join(" ")}`);
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: options.beside ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...env, ...options.extraEnv } });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.log(`[test] ${title} could not start: ${error.message}`);
      resolve(null);
    });
    child.once("close", (status) => {
      if (output.trim()) console.log(`\n[test] ${title} output:\n${output.trimEnd()}`);
      console.log(`[test] ${title} finished in ${((Date.now() - started) / 1000).toFixed(0)} s with exit code ${status}`);
      resolve(status);
    });
  });
}

// tsc is single-threaded and reads only the sources (tsconfig.json excludes .next), so it runs beside the
// production build instead of before it (docs/DECISIONS.md, "npm test type-checks beside the build")
const typecheck = run("typecheck", bin("tsc"), ["--noEmit", "-p", "."], { beside: true });
const buildOk = process.env.CAPSULE_SKIP_BUILD === "1" || (await run("production build", bin("next"), ["build"])) === 0;
const typecheckOk = (await typecheck) === 0;

const vitestJson = path.join(results, "vitest.json");
const suiteErrorsJson = path.join(results, "vitest-suite-errors.json");
fs.rmSync(vitestJson, { force: true });
fs.rmSync(suiteErrorsJson, { force: true });
const vitestStatus = buildOk
  ? await run("unit and integration tests", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`, "--reporter=./scripts/suite-errors-reporter.ts"], { extraEnv: { CAPSULE_SUITE_ERRORS_FILE: suiteErrorsJson } })
  : 0;

const playwrightJson = path.join(results, "playwright.json");
fs.rmSync(playwrightJson, { force: true });
const browserStatus = buildOk ? await run("browser tests", bin("playwright"), ["test", "--reporter=list,json"], { extraEnv: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson } }) : 0;

const vitest = withExitStatus(vitestCounts(vitestJson, root, readSuiteErrors(suiteErrorsJson)), "vitest", vitestStatus);
const browser = withExitStatus(playwrightCounts(playwrightJson), "playwright", browserStatus);
const passed = vitest.passed + browser.passed + (typecheckOk ? 1 : 0) + (buildOk ? 1 : 0);
const failed = vitest.failed + browser.failed + (typecheckOk ? 0 : 1) + (buildOk ? 0 : 1);
const skipped = vitest.skipped + browser.skipped;
const failures = [...vitest.failures, ...browser.failures];
if (failures.length > 0) console.log(`\n[test] failed:\n${failures.map((line) => `  ✗ ${line}`).join("\n")}`);
console.log(`\n[test] vitest ${vitest.passed} passed / ${vitest.failed} failed; playwright ${browser.passed} passed / ${browser.failed} failed; typecheck ${typecheckOk ? "ok" : "FAILED"}; build ${buildOk ? "ok" : "FAILED"}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
