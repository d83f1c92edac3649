// `npm run restore -- <file>`: restores an archive made by `npm run backup` into an empty data
// directory (CAPSULE_DATA_DIR) and, with DATABASE_URL, an empty PostgreSQL database. Refuses a
// non-empty target and a damaged archive, writing nothing. Then `npm start`. docs/OPERATIONS.md.
import { config } from "@/lib/config/config";
import { isPostgresUrl } from "@/lib/db/connection";
import { restoreBackup } from "@/lib/backup/restore-backup";
import { reportFailure } from "@/lib/backup/report-failure";

const say = (message: string) => console.log(`[restore] ${message}`);

async function main(): Promise<number> {
  const archive = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!archive) {
    console.error("usage: npm run restore -- <archive file made by npm run backup>");
    return 1;
  }
  const cfg = config();
  await restoreBackup(
    archive,
    {
      dataDir: cfg.dataDir,
      databaseUrl: isPostgresUrl(cfg.DATABASE_URL) ? cfg.DATABASE_URL : undefined,
      vaultDir: cfg.vaultDir,
      deploymentFile: cfg.deploymentFile,
    },
    (message) => say(message),
  );
  say(`done: start the server on it with \`npm start\` (same CAPSULE_DATA_DIR${cfg.DATABASE_URL ? " and DATABASE_URL" : ""})`);
  return 0;
}

main()
  .catch((error: unknown) => reportFailure("restore", error))
  .then((code) => process.exit(code));
