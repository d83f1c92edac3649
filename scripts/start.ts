// `npm start` (and `npm run dev` with --dev): brings up the whole system on embedded defaults,
// saying what it does at each step. Ctrl-C stops every part cleanly.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { startAnvil, type AnvilHandle } from "@/lib/chain/anvil-process";
import { lockDataDir } from "@/server/data-dir-lock";
import { isPostgresUrl } from "@/lib/db/connection";
import { parseServerEnv } from "@/lib/config/server-env";
import { config } from "@/lib/config/config";
import { database } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrate";
import { ensureDeployment } from "@/lib/chain/deploy";
import { startWebServer, type WebServer } from "@/server/web-server";
import { applyMemorySettings } from "@/server/memory-settings";
import { checkPostgresReachable } from "@/server/postgres-probe";
import { installSignalHandlers, trackChild } from "@/server/shutdown";
import { chainNodeStartError, postgresStartError, startFailureMessage } from "@/server/start-failure";
import { redactConsole, surviveLostOutput } from "@/lib/log";
import { startBountyService } from "@/bounty/server";
import { openBountyStore } from "@/bounty/state-store";
import { ensureSampleBountyState } from "@/bounty/load-state";
import { startIndexer } from "@/features/indexer-service";
import { startOutboxWorker } from "@/lib/chain/operator/outbox-worker";
import { startWebSubHub } from "@/features/reader/hub-runtime";
import { startPartnerWebhookWorker } from "@/features/partners/webhook-worker";
import { startJuryCaseFiler } from "@/features/court/unfiled-jury-cases";
import { startLostRaceRefunds } from "@/features/rights/lost-race-refunds";
// the outbox worker settles penalty rows too: their settle hook must be registered in this process
import "@/features/court/penalty-settlement";
import { listenForProjectionChanges } from "@/lib/indexer/change-feed-postgres";
import { runLeaderDuties, type LeaderDuty } from "@/lib/leadership/leadership";
import { ensureSampleAdCampaigns } from "@/features/ads/campaigns";
import { ensureCourtOutlet } from "@/features/roles/court-outlet";
import { retireClerkCases } from "@/features/court/retire-clerk-cases";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { describeSignIn, isLoopbackHost, signInOrigins } from "@/lib/auth/server/sign-in-origins";
import { startHousekeeping } from "@/lib/housekeeping/housekeeping";
import { logError, logInfo, logWarn } from "@/lib/log";
import { operatorKeyProblem, sampleDataWanted } from "@/lib/config/production-defaults";
import { devKeyIndex } from "@/lib/config/dev-keys";
import type { ServerEnv } from "@/lib/config/server-env";
import type { Db } from "@/lib/db/database";

const dev = process.argv.includes("--dev");

/** Refuses a public development key as the operator key unless the node is the bundled anvil. */
function checkOperatorKey(env: ServerEnv, bundledAnvil: boolean): void {
  const problem = operatorKeyProblem({ operatorKey: env.CAPSULE_OPERATOR_KEY, bundledAnvil, keyFromEnvironment: process.env.CAPSULE_OPERATOR_KEY !== undefined || process.env.CAPSULE_OPERATOR_KEY_FILE !== undefined });
  if (problem) throw new Error(problem);
  if (bundledAnvil && !isLoopbackHost(env.CAPSULE_HOST) && devKeyIndex(env.CAPSULE_OPERATOR_KEY) >= 0) {
    step(
      `warning: listening on ${env.CAPSULE_HOST} with the bundled anvil, whose accounts are anvil's public development keys. ` +
        "The gateway refuses transactions from the operator's account, but anyone who reaches this server can act as the other development wallets. " +
        "For a newsroom, run your own node with CAPSULE_NODE_RPC_URL and your own CAPSULE_OPERATOR_KEY.",
    );
  }
}

/** Sample bounty proposals and ad campaigns (marked sample): only with the bundled anvil or CAPSULE_DEMO_DATA=1. */
async function loadSampleDataStep(db: Db, env: ServerEnv, bundledAnvil: boolean): Promise<void> {
  if (!sampleDataWanted({ demoData: env.CAPSULE_DEMO_DATA, bundledAnvil })) {
    step(`sample data not loaded (${env.CAPSULE_DEMO_DATA === "0" ? "CAPSULE_DEMO_DATA=0" : "not the bundled anvil; CAPSULE_DEMO_DATA=1 would load it"})`);
    return;
  }
  if (await ensureSampleBountyState(db)) step("loaded the sample bounty proposals (bounty/sample-state.json), marked as sample");
  if (await ensureSampleAdCampaigns(db)) step("loaded the sample ad campaigns, marked as sample");
}

/** Purges used nonces, expired sessions, rate-limit counters and ended WebSub subscriptions on a schedule. */
function startHousekeepingStep(handle: ReturnType<typeof database>, cfg: ReturnType<typeof config>): void {
  if (cfg.CAPSULE_HOUSEKEEPING_INTERVAL_MS === 0) return step("housekeeping is off (CAPSULE_HOUSEKEEPING_INTERVAL_MS=0)");
  step(`housekeeping every ${Math.round(cfg.CAPSULE_HOUSEKEEPING_INTERVAL_MS / 1000)} s (used nonces, expired sessions, rate-limit counters, ended WebSub subscriptions and their finished deliveries)`);
  const keeper = startHousekeeping({
    db: handle.db,
    dialect: handle.dialect,
    intervalMs: cfg.CAPSULE_HOUSEKEEPING_INTERVAL_MS,
    batchSize: cfg.CAPSULE_HOUSEKEEPING_BATCH,
    onPass: (report) => {
      const deleted = Object.fromEntries(Object.entries(report).filter(([, r]) => r.deleted > 0).map(([table, r]) => [table, r.deleted]));
      if (Object.keys(deleted).length > 0) logInfo("housekeeping", "purged expired rows", deleted);
    },
    onError: (error) => logError("housekeeping", error),
  });
  stops.push(() => keeper.stop());
}

/**
 * The clerk court is retired: the leader closes the clerk cases an older version left open, once when it
 * starts leading (features/court/retire-clerk-cases.ts; a second run, or another server's, changes
 * nothing). A failure is logged and leaves them for the next start, without stopping the other duties.
 */
async function retireClerkCasesOnce(db: Db, operatorKey: Hex): Promise<{ stop: () => Promise<void> }> {
  try {
    const retired = await retireClerkCases(db, privateKeyToAccount(operatorKey).address, await activityTime(Math.floor(Date.now() / 1000)));
    if (retired.length > 0) step(`  retired ${retired.length} open clerk case(s) without a finding: ${retired.map((id) => `#${id}`).join(", ")}`);
  } catch (error) {
    logError("clerk case retirement", error);
  }
  return { stop: async () => undefined };
}

/** Says where Sign-In with Ethereum is served, or why it is not (issue 15: never from the Host header). */
function reportSignIn(cfg: ReturnType<typeof config>): void {
  const origins = signInOrigins(cfg);
  console.log(`[capsule]   sign-in     ${describeSignIn(origins)}`);
}
const step = (message: string) => console.log(`[capsule] ${message}`);
const rootDir = path.resolve(import.meta.dirname, "..");

async function buildIfNeeded(): Promise<void> {
  const distDir = process.env.CAPSULE_NEXT_DIST_DIR ?? ".next";
  if (dev || fs.existsSync(path.join(rootDir, distDir, "BUILD_ID"))) return;
  step("building the dashboard (first start only; `npm run build` rebuilds after changes)…");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(rootDir, "node_modules", "next", "dist", "bin", "next"), "build"], {
      cwd: rootDir,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build exited with code ${code}`))));
  });
}

// What has been started so far, stopped in reverse order on a signal or when a later step fails:
// the web server (draining requests) before the indexer, the database and anvil.
const stops: Array<() => Promise<void>> = [];

/** Stops everything started so far; true when every part stopped cleanly. */
async function stopAll(): Promise<boolean> {
  let clean = true;
  for (const stop of stops.reverse()) {
    try {
      await stop();
    } catch (error) {
      clean = false;
      console.error(`[capsule] error while stopping: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  stops.length = 0;
  return clean;
}

async function main() {
  redactConsole();
  surviveLostOutput();
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  const mutableEnv = process.env as Record<string, string | undefined>;
  mutableEnv.NODE_ENV ??= dev ? "development" : "production";
  const env = parseServerEnv();
  step(applyMemorySettings(env, { dev }));
  const bundledAnvil = process.env.CAPSULE_NODE_RPC_URL === undefined;
  checkOperatorKey(env, bundledAnvil);
  installSignalHandlers({ stopAll, say: step, graceMs: env.CAPSULE_SHUTDOWN_GRACE_MS });

  const dataDir = path.resolve(env.CAPSULE_DATA_DIR);
  // the SQLite database (private drafts, sessions), the chain's state and the vault live here: this user's alone
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  step(`data directory ${dataDir}`);
  const dataDirMode = fs.statSync(dataDir).mode & 0o777;
  if ((dataDirMode & 0o077) !== 0) {
    step(`warning: data directory ${dataDir} has mode ${dataDirMode.toString(8)}: other users of this machine may read its database, private drafts included; run \`chmod 700 ${dataDir}\``);
  }
  // the bundled anvil's state and the embedded database are this server's alone (server/data-dir-lock.ts)
  if (bundledAnvil || !isPostgresUrl(env.DATABASE_URL)) {
    const lock = lockDataDir(dataDir, env.CAPSULE_PORT);
    stops.push(async () => lock.release());
  }

  if (isPostgresUrl(env.DATABASE_URL)) await checkPostgresReachable(env.DATABASE_URL, step);

  let anvil: AnvilHandle | undefined;
  if (bundledAnvil) {
    const stateFile = path.join(dataDir, "anvil-state.json");
    step(`starting anvil on 127.0.0.1:${env.CAPSULE_ANVIL_PORT} (chain id ${env.CAPSULE_CHAIN_ID}, state ${stateFile})…`);
    anvil = await startAnvil({
      port: env.CAPSULE_ANVIL_PORT,
      chainId: env.CAPSULE_CHAIN_ID,
      stateFile,
      onStateSaveError: (error) => logWarn("anvil", "could not save the chain's state; the state file keeps the last snapshot", { reason: error instanceof Error ? error.message : String(error) }),
    });
    trackChild(anvil.process);
    const node = anvil;
    stops.push(async () => {
      step("stopping anvil (state is saved)…");
      await node.stop();
    });
    process.env.CAPSULE_NODE_RPC_URL = anvil.rpcUrl;
  } else {
    step(`using the external chain node configured in CAPSULE_NODE_RPC_URL`);
  }
  if (env.CAPSULE_LOCAL_TESTNET === "1" && process.env.CAPSULE_TESTNET_RPC_URL === undefined) {
    step(`starting the local testnet anvil on 127.0.0.1:${env.CAPSULE_TESTNET_ANVIL_PORT} (chain id ${env.CAPSULE_TESTNET_CHAIN_ID})…`);
    const testnet = await startAnvil({ port: env.CAPSULE_TESTNET_ANVIL_PORT, chainId: env.CAPSULE_TESTNET_CHAIN_ID });
    stops.push(() => testnet.stop());
    process.env.CAPSULE_TESTNET_RPC_URL = testnet.rpcUrl;
  }

  const cfg = config();
  step("checking the contract deployment…");
  const { record, reused } = await ensureDeployment({
    file: cfg.deploymentFile,
    rpcUrl: cfg.CAPSULE_NODE_RPC_URL,
    operatorKey: cfg.CAPSULE_OPERATOR_KEY as `0x${string}`,
    buildCacheFile: process.env.CAPSULE_CONTRACTS_BUILD_CACHE ?? path.join(dataDir, "contracts-build.json"),
    log: (message) => step(`  ${message}`),
  }).catch((error: unknown) => {
    throw bundledAnvil ? error : chainNodeStartError(error, cfg.CAPSULE_NODE_RPC_URL);
  });
  step(reused ? `reusing the deployment from block ${record.blockNumber}` : `contracts deployed at block ${record.blockNumber}`);

  const handle = database();
  step(`running SQL migrations on ${handle.dialect === "sqlite" ? "SQLite (" + path.join(dataDir, "capsule.sqlite") + ")" : "PostgreSQL"}…`);
  const migrated = await migrateToLatest(handle.db).catch((error: unknown) => {
    throw handle.dialect === "postgres" && cfg.DATABASE_URL ? postgresStartError(error, cfg.DATABASE_URL) : error;
  });
  step(`  ${migrated.results?.length ?? 0} migration(s) applied`);
  stops.push(() => handle.close());
  startHousekeepingStep(handle, cfg);

  await loadSampleDataStep(handle.db, env, bundledAnvil);
  await ensureCourtOutlet(handle.db, Math.floor(Date.now() / 1000));

  await buildIfNeeded();

  // Leader duties run on exactly one server sharing this database (always this one on SQLite).
  const duties: LeaderDuty[] = [];
  if (cfg.CAPSULE_INDEXER === "on") {
    duties.push({
      name: "chain indexer",
      start: () =>
        startIndexer({
          db: handle.db,
          dialect: handle.dialect,
          rpcUrl: cfg.CAPSULE_NODE_RPC_URL,
          wsUrl: cfg.nodeWsUrl,
          deployment: record,
          pollMs: cfg.CAPSULE_INDEXER_POLL_MS,
          batchBlocks: cfg.CAPSULE_INDEXER_BATCH_BLOCKS,
          finalityDepth: cfg.CAPSULE_FINALITY_DEPTH,
          log: (m) => step(`  ${m}`),
        }),
    });
    // old clerk cases are retired once by whichever server leads (the chain indexer is named first in the log line)
    duties.push({ name: "clerk case retirement", start: () => retireClerkCasesOnce(handle.db, cfg.CAPSULE_OPERATOR_KEY as Hex) });
    // a jury case left unfiled by its challenger is filed, and a final one settled, by the leader
    duties.push({
      name: "jury case filer",
      start: async () => startJuryCaseFiler({ db: handle.db, pollMs: cfg.CAPSULE_JURY_FILER_POLL_MS, graceMs: cfg.CAPSULE_JURY_FILING_GRACE_MS, log: (m) => step(`  ${m}`) }),
    });
    // the deposits that lost the race for a sold exclusive listing are refunded by the leader, once the sale's release is indexed
    duties.push({
      name: "escrow lost-race refunds",
      start: async () => startLostRaceRefunds({ db: handle.db, pollMs: cfg.CAPSULE_ESCROW_REFUND_POLL_MS, log: (m) => step(`  ${m}`) }),
    });
    // the operator outbox worker leads with the indexer: a server with CAPSULE_INDEXER=off never leads
    duties.push({
      name: "operator outbox worker",
      start: async () => startOutboxWorker({ db: handle.db, pollMs: cfg.CAPSULE_OUTBOX_POLL_MS, log: (m) => step(`  ${m}`) }),
    });
    // WebSub deliveries follow the projection changes the leader sees (its own and, on PostgreSQL, the other servers')
    duties.push({
      name: "WebSub hub deliveries",
      start: async () => startWebSubHub({ db: handle.db, settings: { retryBaseMs: cfg.CAPSULE_WEBSUB_RETRY_BASE_MS, maxAttempts: cfg.CAPSULE_WEBSUB_MAX_ATTEMPTS } }),
    });
    duties.push({
      name: "partner webhook dispatcher",
      start: async () =>
        startPartnerWebhookWorker({
          db: handle.db,
          pollMs: cfg.CAPSULE_WEBHOOK_POLL_MS,
          dispatch: {
            timeoutMs: cfg.CAPSULE_WEBHOOK_TIMEOUT_MS,
            concurrency: cfg.CAPSULE_WEBHOOK_CONCURRENCY,
            maxAttempts: cfg.CAPSULE_WEBHOOK_MAX_ATTEMPTS,
            retryBaseMs: cfg.CAPSULE_WEBHOOK_RETRY_BASE_MS,
            retryMaxMs: cfg.CAPSULE_WEBHOOK_RETRY_MAX_MS,
          },
          log: (m) => step(`  ${m}`),
        }),
    });
  }
  if (handle.dialect === "postgres" && cfg.DATABASE_URL) {
    step("listening for the leader's projection changes (PostgreSQL LISTEN capsule_projection)…");
    const listener = await listenForProjectionChanges({ databaseUrl: cfg.DATABASE_URL, log: (m) => step(`  ${m}`) });
    stops.push(() => listener.stop());
  }
  if (duties.length > 0) {
    step(
      handle.dialect === "postgres"
        ? `asking for leadership (one server of those on this PostgreSQL runs: ${duties.map((d) => d.name).join(", ")})…`
        : `starting the ${duties.map((d) => d.name).join(", ")}…`,
    );
    const leadership = await runLeaderDuties({ db: handle.db, dialect: handle.dialect, duties, log: (m) => step(`  ${m}`) });
    stops.push(() => leadership.stop());
    step(
      leadership.isLeader()
        ? `this server leads: it runs the ${duties.map((d) => d.name).join(", ")}`
        : "another server leads: this server serves reads and writes, follows the leader's checkpoint, and takes over if the leader stops",
    );
  } else {
    step("the chain indexer is off in this server (CAPSULE_INDEXER=off)");
  }

  step(`starting the web server on ${cfg.CAPSULE_HOST}:${cfg.CAPSULE_PORT}${dev ? " (development mode)" : ""}…`);
  const web: WebServer = await startWebServer(cfg, { dev, dir: rootDir });
  stops.push(async () => {
    step(`stopping the web server (requests in flight get up to ${cfg.CAPSULE_SHUTDOWN_GRACE_MS} ms; WebSockets close with 1001)…`);
    await web.close();
  });

  step(`starting the bounty read service on ${cfg.BOUNTY_HOST}:${cfg.BOUNTY_PORT}…`);
  const bounty = await startBountyService({
    host: cfg.BOUNTY_HOST,
    port: cfg.BOUNTY_PORT,
    store: openBountyStore(cfg),
    headersTimeoutMs: cfg.CAPSULE_HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: cfg.CAPSULE_HTTP_REQUEST_TIMEOUT_MS,
  });
  stops.push(() => bounty.close());

  const publicUrl = cfg.CAPSULE_PUBLIC_URL ?? web.url;
  console.log("");
  console.log(`[capsule] ready — dashboard ${publicUrl}`);
  console.log(`[capsule]   bridge API  ${publicUrl}/api      (health: ${publicUrl}/api/health)`);
  console.log(`[capsule]   JSON-RPC    ${publicUrl}/rpc      WebSocket ${publicUrl.replace(/^http/, "ws")}/ws`);
  // the paths beside the address, not in it: the log's URL redaction takes what follows /v1/ for a provider key
  console.log(`[capsule]   bounty API  ${bounty.url}  (GET /v1/bounty-proposals, /v1/bounty-evaluations)`);
  console.log(`[capsule]   metrics     ${web.url}/metrics  (loopback${cfg.CAPSULE_METRICS_TOKEN ? ", or anyone with CAPSULE_METRICS_TOKEN" : " only"})`);
  reportSignIn(cfg);
  console.log(`[capsule]   chain id    ${cfg.CAPSULE_CHAIN_ID} (0x${cfg.CAPSULE_CHAIN_ID.toString(16)})${anvil ? `, node ${anvil.rpcUrl} (internal)` : ""}`);
  console.log(`[capsule] press Ctrl-C to stop`);
}

main().catch(async (error: unknown) => {
  console.error(`[capsule] start failed: ${startFailureMessage(error)}`);
  if (stops.length > 0) {
    step("stopping what was started…");
    await stopAll();
  }
  process.exit(1);
});
