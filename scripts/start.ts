// `npm start` (and `npm run dev` with --dev): brings up the whole system on embedded defaults,
// saying what it does at each step. Ctrl-C stops every part cleanly.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { startAnvil, type AnvilHandle } from "@/lib/chain/anvil-process";
import { parseServerEnv } from "@/lib/config/server-env";
import { config } from "@/lib/config/config";
import { database } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrate";
import { ensureDeployment } from "@/lib/chain/deploy";
import { startWebServer, type WebServer } from "@/server/web-server";
import { startBountyService } from "@/bounty/server";
import { openBountyStore } from "@/bounty/state-store";
import { ensureSampleBountyState } from "@/bounty/load-state";
import { startIndexer, type IndexerHandle } from "@/lib/indexer/indexer-service";
import { ensureSampleAdCampaigns } from "@/lib/services/ads/campaigns";
import { ensureCourtOutlet } from "@/lib/services/outlets/court-outlet";

const dev = process.argv.includes("--dev");
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

// What has been started so far, stopped in reverse order on a signal or when a later step fails.
const stops: Array<() => Promise<void>> = [];
let stopping = false;

async function stopAll(): Promise<void> {
  stopping = true;
  for (const stop of stops.reverse()) {
    try {
      await stop();
    } catch (error) {
      console.error(`[capsule] error while stopping: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  stops.length = 0;
}

async function main() {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  const mutableEnv = process.env as Record<string, string | undefined>;
  mutableEnv.NODE_ENV ??= dev ? "development" : "production";
  const env = parseServerEnv();
  const shutdown = async (signal: string) => {
    if (stopping) return;
    step(`${signal} received, stopping…`);
    await stopAll();
    step("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const dataDir = path.resolve(env.CAPSULE_DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  step(`data directory ${dataDir}`);

  let anvil: AnvilHandle | undefined;
  if (process.env.CAPSULE_NODE_RPC_URL === undefined) {
    const stateFile = path.join(dataDir, "anvil-state.json");
    step(`starting anvil on 127.0.0.1:${env.CAPSULE_ANVIL_PORT} (chain id ${env.CAPSULE_CHAIN_ID}, state ${stateFile})…`);
    anvil = await startAnvil({ port: env.CAPSULE_ANVIL_PORT, chainId: env.CAPSULE_CHAIN_ID, stateFile });
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
  });
  step(reused ? `reusing the deployment from block ${record.blockNumber}` : `contracts deployed at block ${record.blockNumber}`);

  const handle = database();
  step(`running SQL migrations on ${handle.dialect === "sqlite" ? "SQLite (" + path.join(dataDir, "capsule.sqlite") + ")" : "PostgreSQL"}…`);
  const migrated = await migrateToLatest(handle.db);
  step(`  ${migrated.results?.length ?? 0} migration(s) applied`);
  stops.push(() => handle.close());

  const loaded = await ensureSampleBountyState(handle.db);
  if (loaded) step("loaded the sample bounty state (bounty/sample-state.json)");
  if (await ensureSampleAdCampaigns(handle.db)) step("loaded the sample ad campaigns");
  await ensureCourtOutlet(handle.db, Math.floor(Date.now() / 1000));

  await buildIfNeeded();

  let indexer: IndexerHandle | undefined;
  if (cfg.CAPSULE_INDEXER === "on") {
    step("starting the chain indexer…");
    indexer = await startIndexer({
      db: handle.db,
      dialect: handle.dialect,
      rpcUrl: cfg.CAPSULE_NODE_RPC_URL,
      deployment: record,
      pollMs: cfg.CAPSULE_INDEXER_POLL_MS,
      batchBlocks: cfg.CAPSULE_INDEXER_BATCH_BLOCKS,
      log: (m) => step(`  ${m}`),
    });
    const running = indexer;
    stops.push(() => running.stop());
  }

  step(`starting the web server on ${cfg.CAPSULE_HOST}:${cfg.CAPSULE_PORT}${dev ? " (development mode)" : ""}…`);
  const web: WebServer = await startWebServer(cfg, { dev, dir: rootDir });
  stops.push(() => web.close());

  step(`starting the bounty read service on ${cfg.BOUNTY_HOST}:${cfg.BOUNTY_PORT}…`);
  const bounty = await startBountyService({ host: cfg.BOUNTY_HOST, port: cfg.BOUNTY_PORT, store: openBountyStore(cfg) });
  stops.push(() => bounty.close());

  const publicUrl = cfg.CAPSULE_PUBLIC_URL ?? web.url;
  console.log("");
  console.log(`[capsule] ready — dashboard ${publicUrl}`);
  console.log(`[capsule]   bridge API  ${publicUrl}/api      (health: ${publicUrl}/api/health)`);
  console.log(`[capsule]   JSON-RPC    ${publicUrl}/rpc      WebSocket ${publicUrl.replace(/^http/, "ws")}/ws`);
  console.log(`[capsule]   bounty API  ${bounty.url}/v1/bounty-proposals`);
  console.log(`[capsule]   chain id    ${cfg.CAPSULE_CHAIN_ID} (0x${cfg.CAPSULE_CHAIN_ID.toString(16)})${anvil ? `, node ${anvil.rpcUrl} (internal)` : ""}`);
  console.log(`[capsule] press Ctrl-C to stop`);
}

main().catch(async (error: unknown) => {
  console.error(`[capsule] start failed: ${error instanceof Error ? error.message : String(error)}`);
  if (stops.length > 0) {
    step("stopping what was started…");
    await stopAll();
  }
  process.exit(1);
});
