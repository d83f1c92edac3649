import { defineConfig } from "@playwright/test";

// e2e runs against the real stack (anvil, SQLite, web server) that e2e/global-setup.ts starts on
// free loopback ports, in Debian's chromium (never a downloaded browser).
export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results/e2e",
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
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
