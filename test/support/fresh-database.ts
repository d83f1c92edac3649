import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { createTestDatabase } from "./postgres";

/** An empty, migrated database of one dialect (a throwaway PostgreSQL database, or a SQLite file in a temp folder), and how to drop it. */
export async function freshDatabase(dialect: "sqlite" | "postgres", prefix: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (dialect === "postgres") {
    const created = await createTestDatabase(prefix);
    const handle = openDatabase({ databaseUrl: created.url, sqliteFile: "" });
    await migrateToLatest(handle.db);
    return { handle, drop: async () => (await handle.close(), await created.drop()) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replace(/_/g, "-")}-`));
  const handle = openDatabase({ sqliteFile: path.join(dir, "capsule.sqlite") });
  await migrateToLatest(handle.db);
  return { handle, drop: async () => (await handle.close(), fs.rmSync(dir, { recursive: true, force: true })) };
}
