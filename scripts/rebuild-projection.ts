// `npm run indexer:rebuild`: drops the SQL projection of the chain (indexed events, capsule
// lifecycle columns, votes, chain-derived activity) and derives it again from the deployment
// block to the head, in one transaction (lib/indexer/rebuild.ts). Uses the configuration of
// `npm start` (CAPSULE_DATA_DIR or DATABASE_URL, CAPSULE_NODE_RPC_URL, CAPSULE_DEPLOYMENT_FILE);
// the chain node must be reachable, so with the bundled anvil run it while `npm start` runs.
import { config } from "@/lib/config/config";
import { database } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrate";
import { readDeployment } from "@/lib/chain/deployment-record";
import { rebuildProjection } from "@/features/rebuild-projection";
import { redact } from "@/lib/log";

async function main(): Promise<number> {
  const cfg = config();
  const deployment = readDeployment(cfg.deploymentFile);
  if (!deployment) {
    console.error(`[rebuild] no deployment record at ${cfg.deploymentFile}; start the stack once with \`npm start\``);
    return 1;
  }
  const handle = database();
  try {
    await migrateToLatest(handle.db);
    const started = Date.now();
    const result = await rebuildProjection({
      db: handle.db,
      dialect: handle.dialect,
      rpcUrl: cfg.CAPSULE_NODE_RPC_URL,
      deployment,
      batchBlocks: cfg.CAPSULE_INDEXER_BATCH_BLOCKS,
      log: (message) => console.log(`[rebuild] ${message}`),
    });
    console.log(`[rebuild] projection rebuilt from blocks ${result.fromBlock}..${result.toBlock}: ${result.events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (error) {
    console.error(redact(`[rebuild] failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`));
    return 1;
  } finally {
    await handle.close();
  }
}

main().then((code) => process.exit(code));
