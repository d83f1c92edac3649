import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopChild } from "@/lib/process/stop-child";
import { SERVER_MALLOC_ARENA_MAX, SERVER_NODE_FLAGS } from "@/server/memory-settings";
import { sharedContractsCache } from "./contracts-build-cache";
import { freePort, retryWhenPortTaken } from "./free-port";
import { createTestDatabase } from "./postgres";
import { serverScriptArgs } from "./server-bundle";

export type Stack = {
  baseUrl: string;
  bountyUrl: string;
  nodeRpcUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Everything the start command printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, wait for exit (SIGKILL after 20 s); resolves with the exit code. */
  stop: () => Promise<void>;
  exitCode: () => number | null;
  /** The start process's pid (its children: anvil, …), for crash tests that SIGKILL the whole tree. */
  pid: number | undefined;
  /** Sends a signal to the start process (shutdown tests); `exited` settles when it has exited. */
  signal: (signal: NodeJS.Signals) => void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const rootDir = path.resolve(import.meta.dirname, "..", "..");
export { sharedContractsCache };

/** The environment of a start command a test runs itself (`npm start`, scripts/start.ts): production build, its own ports and data directory. */
export function startCommandEnv(options: { dataDir: string; port: number; anvilPort: number; bountyPort: number }): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    ...(process.env.CAPSULE_NEXT_DIST_DIR ? { CAPSULE_NEXT_DIST_DIR: process.env.CAPSULE_NEXT_DIST_DIR } : {}),
    CAPSULE_DATA_DIR: options.dataDir,
    CAPSULE_PORT: String(options.port),
    CAPSULE_ANVIL_PORT: String(options.anvilPort),
    BOUNTY_PORT: String(options.bountyPort),
    CAPSULE_CONTRACTS_BUILD_CACHE: sharedContractsCache,
  };
}

type StackOptions = Parameters<typeof startStackOnce>[0];

/**
 * Starts the real system with `scripts/start.ts` (the code behind `npm start`) on free loopback
 * ports, a temp data dir and SQLite or a fresh PostgreSQL database; waits for its ready line.
 * A free port can be taken by another process between choosing it and listening on it (tests run
 * in parallel): a start that failed because its port was taken is tried again on fresh ports.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  return retryWhenPortTaken(() => startStackOnce(options));
}

async function startStackOnce(options: {
  database: "sqlite" | "postgres";
  env?: Record<string, string>;
  /** Next.js in development mode (compiles routes on demand); CAPSULE_TEST_DEV=1 forces it. */
  dev?: boolean;
  /** Reuse a data dir (a restart); it is then left in place by stop(). */
  dataDir?: string;
  /** Reuse a PostgreSQL database URL (a restart); it is then not dropped by stop(). */
  databaseUrl?: string;
  /** Node flags for the server process instead of npm start's (benchmarks comparing memory settings). */
  nodeFlags?: readonly string[];
  /** Another checkout of the project to start (benchmarks comparing versions); default this one. */
  root?: string;
}): Promise<Stack> {
  const dev = options.dev ?? process.env.CAPSULE_TEST_DEV === "1";
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "capsule-stack-"));
  const [port, anvilPort, bountyPort] = [await freePort(), await freePort(), await freePort()];
  const pgDb = options.database === "postgres" && !options.databaseUrl ? await createTestDatabase() : undefined;
  const databaseUrl = options.databaseUrl ?? pgDb?.url;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: dev ? "development" : "production",
    ...(process.env.CAPSULE_NEXT_DIST_DIR ? { CAPSULE_NEXT_DIST_DIR: process.env.CAPSULE_NEXT_DIST_DIR } : {}),
    NEXT_TELEMETRY_DISABLED: "1",
    // as `npm start` sets it (server/memory-settings.ts): two malloc arenas instead of one per allocating thread
    MALLOC_ARENA_MAX: SERVER_MALLOC_ARENA_MAX,
    CAPSULE_DATA_DIR: dataDir,
    CAPSULE_PORT: String(port),
    CAPSULE_ANVIL_PORT: String(anvilPort),
    BOUNTY_PORT: String(bountyPort),
    CAPSULE_CONTRACTS_BUILD_CACHE: options.root ? path.join(os.tmpdir(), `capsule-contracts-build-${path.basename(options.root)}.json`) : sharedContractsCache,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };
  // the run's bundle of scripts/start.ts (test/support/server-bundle.ts), else tsx as a loader in the server's own
  // process, not tsx's CLI: the CLI's parent SIGKILLs its child when the child does not acknowledge SIGTERM within
  // 30 ms (a busy machine), skipping the shutdown.
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeFlags ?? SERVER_NODE_FLAGS), ...serverScriptArgs("start.ts", options.root ?? rootDir), ...(dev ? ["--dev"] : [])],
    { cwd: options.root ?? rootDir, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    await stopChild(child, 20_000);
    await pgDb?.drop().catch(() => undefined);
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 240_000;
  while (!output.includes("[capsule] ready")) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the stack exited with code ${child.exitCode}:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the stack did not become ready in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    bountyUrl: `http://127.0.0.1:${bountyPort}`,
    nodeRpcUrl: `http://127.0.0.1:${anvilPort}`,
    dataDir,
    databaseUrl,
    output: () => output,
    stop,
    exitCode: () => child.exitCode,
    pid: child.pid,
    signal: (signal) => void child.kill(signal),
    exited,
  };
}

/** Starts a stack that must refuse to start (on SQLite, with `env`); answers its error and output. */
export async function startRefusal(env: Record<string, string>): Promise<string> {
  return startStack({ database: "sqlite", env }).then(
    async (stack) => {
      await stack.stop();
      throw new Error("the stack started");
    },
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

/** The SQL dialects the integration suite loops over: SQLite always, PostgreSQL when reachable. */
export async function dialectsUnderTest(): Promise<Array<"sqlite" | "postgres">> {
  const { postgresAvailable } = await import("./postgres");
  if (await postgresAvailable()) return ["sqlite", "postgres"];
  if (process.env.CI) throw new Error("PostgreSQL at 127.0.0.1:5432 is required in CI but is not reachable");
  return ["sqlite"];
}
