import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseServerEnv } from "@/lib/config/server-env";
import { isPostgresUrl, openDatabase } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { registerSecret } from "@/lib/log";
import { BountyExportError, loadBountyState, sampleBountyExport } from "./bounty-loader";

// `npm run bounty:load -- <export.json>` (or `-- --sample` for bounty/sample-state.json): migrates the
// project's database, then replaces the bounty tables with the export in one transaction.
// Importing this module (the start script does) runs nothing; only running it as a script does.
export { BountyExportError, ensureSampleBountyState, loadBountyState, parseBountyExport } from "./bounty-loader";

const usage = "usage: npm run bounty:load -- <export.json> | --sample   (or set BOUNTY_STATE_FILE)";

function readExport(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const env = parseServerEnv();
  const arg = argv.find((a) => a !== "--");
  const file = arg === "--sample" ? undefined : (arg ?? env.BOUNTY_STATE_FILE);
  if (arg !== "--sample" && !file) {
    console.error(usage);
    return 2;
  }
  const data = file ? readExport(path.resolve(file)) : sampleBountyExport;
  if (env.DATABASE_URL && isPostgresUrl(env.DATABASE_URL)) registerSecret(new URL(env.DATABASE_URL).password || undefined);
  const sqliteFile = path.resolve(env.CAPSULE_DATA_DIR, "capsule.sqlite");
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile });
  const target = handle.dialect === "postgres" ? "PostgreSQL (DATABASE_URL)" : sqliteFile;
  try {
    console.log(`bounty:load: migrating ${target}`);
    await migrateToLatest(handle.db);
    console.log(`bounty:load: loading ${file ?? "the bundled sample"}`);
    const result = await loadBountyState(handle.db, data, { sample: file === undefined });
    console.log(`bounty:load: done, ${result.proposals} proposals and ${result.evaluations} evaluations now in ${target}`);
    return 0;
  } finally {
    await handle.close();
  }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  const self = fileURLToPath(import.meta.url);
  const strip = (file: string) => path.resolve(file).replace(/\.[cm]?[jt]s$/, "");
  return strip(entry) === strip(self);
}

if (isEntryPoint()) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`bounty:load: ${error instanceof BountyExportError ? error.message + "\nNothing was written." : error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
