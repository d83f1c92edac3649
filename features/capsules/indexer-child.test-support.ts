// A separate indexer process for features/capsules/indexer-restart.integration.test.ts, which SIGKILLs it
// mid-stream. It runs the real Indexer (syncToHead with the real projectors) once to the head;
// INDEXER_EVENT_DELAY_MS adds a pause per projected event so a kill lands inside the stream.
import { openDatabase } from "@/lib/db/connection";
import { readDeployment } from "@/lib/chain/deployment-record";
import { Indexer } from "@/lib/indexer/indexer";
import type { Projector } from "@/lib/indexer/projector";
import { projectionResets, projectors } from "@/features/projectors";
import { indexedSources, indexerStartBlock } from "@/lib/indexer/sources";

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};

async function main() {
  const deployment = readDeployment(env("INDEXER_DEPLOYMENT_FILE"));
  if (!deployment) throw new Error("no deployment record");
  const handle = openDatabase({ databaseUrl: process.env.INDEXER_DATABASE_URL, sqliteFile: env("INDEXER_SQLITE_FILE") });
  const delay = Number(process.env.INDEXER_EVENT_DELAY_MS ?? "0");
  const slow: Projector = () => new Promise((resolve) => setTimeout(resolve, delay));
  const indexer = new Indexer({ resets: projectionResets,
    db: handle.db,
    dialect: handle.dialect,
    rpcUrl: env("INDEXER_RPC_URL"),
    chainId: deployment.chainId,
    startBlock: indexerStartBlock(deployment),
    sources: indexedSources(deployment),
    projectors: delay > 0 ? [...projectors, slow] : projectors,
    batchBlocks: Number(process.env.INDEXER_BATCH_BLOCKS ?? "2000"),
  });
  const result = await indexer.syncToHead();
  console.log(`indexed ${JSON.stringify(result)}`);
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
