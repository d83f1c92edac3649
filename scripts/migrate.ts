// `npm run db:migrate`: applies pending SQL migrations to the configured database (the same
// configuration as `npm start`: CAPSULE_DATA_DIR for SQLite, or DATABASE_URL for PostgreSQL).
import { database } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrate";
import { redact } from "@/lib/log";

async function main(): Promise<number> {
  const handle = database();
  try {
    console.log(`[migrate] applying pending migrations on ${handle.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}…`);
    const result = await migrateToLatest(handle.db);
    const applied = (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
    console.log(applied.length === 0 ? "[migrate] already up to date" : `[migrate] applied ${applied.join(", ")}`);
    return 0;
  } catch (error) {
    console.error(redact(`[migrate] failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`));
    return 1;
  } finally {
    await handle.close();
  }
}

main().then((code) => process.exit(code));
