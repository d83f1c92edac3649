import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "test/support/empty-module.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "features/**/*.test.ts", "server/**/*.test.ts", "bounty/**/*.test.ts", "components/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "**/node_modules/**"],
          environment: "node",
          // a budget, not a measure: a few tests render whole articles (kept-renders: ten 20,000-character texts),
          // which took past vitest's default 5 s on two cores busy with other work
          testTimeout: 30_000,
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // bundles the server's own TypeScript once for the run, so each stack starts with plain node (test/support/server-bundle.ts)
          globalSetup: ["test/support/global-setup.ts"],
          // suites that start anvil, a database or the server: cross-cutting ones under test/, a feature's beside its code
          include: ["test/**/*.test.ts", "features/**/*.integration.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // two files at a time: each starts its own anvil, database (a fresh PostgreSQL database or a SQLite
          // file in a temporary folder) and server on free loopback ports, and most of their time is spent
          // waiting on blocks and processes, so two share the machine's two cores without stepping on each other
          maxWorkers: 2,
        },
      },
    ],
  },
});
