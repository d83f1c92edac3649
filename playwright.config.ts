import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { useWorkerSlot } from "./e2e/support/worker-slot";

// e2e runs against real stacks (anvil, SQLite, web server), one per worker, that e2e/global-setup.ts starts on
// free loopback ports, in Debian's chromium (never a downloaded browser). A worker loads this file before its
// specs, so it takes its own stack's addresses here.
useWorkerSlot();

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results/e2e",
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // one worker (a stack and a browser) per two cores: on two cores a second worker ran the suite no faster, the server,
  // anvil and Chromium already keep both busy (docs/DECISIONS.md); CAPSULE_E2E_WORKERS sets the number
  workers: Number(process.env.CAPSULE_E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2))),
  reporter: [["list"]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: process.env.CAPSULE_E2E_BASE_URL,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CAPSULE_CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
