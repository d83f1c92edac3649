// `npm run backup -- <file>`: one archive (tar.gz) with the SQL database, the vault, the deployment
// record and the chain state, plus a manifest with checksums. Works while `npm start` runs (the
// same configuration: CAPSULE_DATA_DIR, DATABASE_URL, CAPSULE_ANVIL_PORT…). docs/OPERATIONS.md.
import path from "node:path";
import { config } from "@/lib/config/config";
import { isPostgresUrl } from "@/lib/db/connection";
import { createBackup } from "@/lib/backup/create-backup";
import { reportFailure } from "@/lib/backup/report-failure";

const rootDir = path.resolve(import.meta.dirname, "..");
const say = (message: string) => console.log(`[backup] ${message}`);

async function main(): Promise<number> {
  const output = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!output) {
    console.error("usage: npm run backup -- <archive file, e.g. capsule-backup.tar.gz>");
    return 1;
  }
  const cfg = config();
  const externalNode = process.env.CAPSULE_NODE_RPC_URL !== undefined;
  const manifest = await createBackup(
    {
      dataDir: cfg.dataDir,
      databaseUrl: isPostgresUrl(cfg.DATABASE_URL) ? cfg.DATABASE_URL : undefined,
      vaultDir: cfg.vaultDir,
      deploymentFile: cfg.deploymentFile,
      externalNode,
      nodeRpcUrl: externalNode ? cfg.CAPSULE_NODE_RPC_URL : `http://127.0.0.1:${cfg.CAPSULE_ANVIL_PORT}`,
      chainId: cfg.CAPSULE_CHAIN_ID,
      rootDir,
    },
    output,
    (message) => say(message),
  );
  say(`wrote ${path.resolve(output)} (${manifest.members.length + 1} members, manifest with SHA-256 checksums)`);
  if (manifest.chain.source === "external") say("the chain lives on the external node (CAPSULE_NODE_RPC_URL) and is not in the archive");
  return 0;
}

main()
  .catch((error: unknown) => reportFailure("backup", error))
  .then((code) => process.exit(code));
