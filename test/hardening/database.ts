import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { createTestDatabase } from "@/test/support/postgres";

export type TestDatabase = DatabaseHandle & { drop: () => Promise<void> };

/** A migrated throwaway database of the dialect: a temp SQLite file or a fresh PostgreSQL database. */
export async function openTestDatabase(dialect: "sqlite" | "postgres"): Promise<TestDatabase> {
  if (dialect === "postgres") {
    const pg = await createTestDatabase("capsule_hardening");
    const handle = openDatabase({ databaseUrl: pg.url, sqliteFile: "unused.sqlite" });
    await migrateToLatest(handle.db);
    return { ...handle, drop: async () => (await handle.close(), await pg.drop()) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-hardening-"));
  const handle = openDatabase({ sqliteFile: path.join(dir, "capsule.sqlite") });
  await migrateToLatest(handle.db);
  return { ...handle, drop: async () => (await handle.close(), fs.rmSync(dir, { recursive: true, force: true })) };
}
