// `npm run db:migrate`: applies pending SQL migrations to the configured database (the same
// configuration as `npm start`: CAPSULE_DATA_DIR for SQLite, or DATABASE_URL for PostgreSQL).
// `npm run db:migrate -- --check` changes nothing: it lists pending migrations and exits 1 when
// there are some, 0 when there are none, 2 when the database is newer than this code.
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config/config";
import { database } from "@/lib/db/client";
import { migrations } from "@/lib/db/migrations";
import { migrateToLatest, migrationStatus, NewerDatabaseError } from "@/lib/db/migrate";
import { redact } from "@/lib/log";

const say = (message: string) => console.log(`[migrate] ${message}`);
const fail = (message: string) => console.error(redact(`[migrate] ${message}`));

async function check(): Promise<number> {
  const cfg = config();
  const sqliteFile = path.join(cfg.dataDir, "capsule.sqlite");
  if (!cfg.DATABASE_URL && !fs.existsSync(sqliteFile)) {
    // A check must not create the database it checks.
    const all = Object.keys(migrations).sort();
    say(`no database yet at ${sqliteFile}: ${all.length} pending migration(s)`);
    for (const name of all) say(`  pending ${name}`);
    return 1;
  }
  const handle = database();
  try {
    const status = await migrationStatus(handle.db);
    if (status.unknown.length > 0) {
      fail(new NewerDatabaseError(status.unknown).message);
      return 2;
    }
    say(`${status.applied.length} applied, ${status.pending.length} pending on ${handle.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}`);
    for (const name of status.pending) say(`  pending ${name}`);
    if (status.pending.length === 0) say("up to date");
    return status.pending.length === 0 ? 0 : 1;
  } finally {
    await handle.close();
  }
}

async function apply(): Promise<number> {
  const handle = database();
  try {
    say(`applying pending migrations on ${handle.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}…`);
    const result = await migrateToLatest(handle.db);
    const applied = (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
    say(applied.length === 0 ? "already up to date" : `applied ${applied.join(", ")}`);
    return 0;
  } catch (error) {
    if (error instanceof NewerDatabaseError) {
      fail(error.message);
      return 2;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

const run = process.argv.includes("--check") ? check : apply;
run()
  .catch((error: unknown) => {
    fail(`failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    return 1;
  })
  .then((code) => process.exit(code));
