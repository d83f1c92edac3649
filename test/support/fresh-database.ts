import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, type Kysely } from "kysely";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { migrations } from "@/lib/db/migrations";
import { createTestDatabase } from "./postgres";

export type ScratchDatabase = { handle: DatabaseHandle; drop: () => Promise<void> };

/** An empty database of one dialect, no migration applied (a throwaway PostgreSQL database, or a SQLite file in a temp folder), and how to drop it. */
export async function emptyDatabase(dialect: "sqlite" | "postgres", prefix: string): Promise<ScratchDatabase> {
  if (dialect === "postgres") {
    const created = await createTestDatabase(prefix);
    const handle = openDatabase({ databaseUrl: created.url, sqliteFile: "" });
    return { handle, drop: async () => (await handle.close(), await created.drop()) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replace(/_/g, "-")}-`));
  const handle = openDatabase({ sqliteFile: path.join(dir, "capsule.sqlite") });
  return { handle, drop: async () => (await handle.close(), fs.rmSync(dir, { recursive: true, force: true })) };
}

/** Runs `work` on an empty database of one dialect (no migration applied; a migration test applies what it needs), then drops it. */
export async function withEmptyDatabase(dialect: "sqlite" | "postgres", prefix: string, work: (db: DatabaseHandle["db"]) => Promise<void>): Promise<void> {
  const scratch = await emptyDatabase(dialect, prefix);
  try {
    await work(scratch.handle.db);
  } finally {
    await scratch.drop();
  }
}

/** An empty, migrated database of one dialect, and how to drop it. */
export async function freshDatabase(dialect: "sqlite" | "postgres", prefix: string): Promise<ScratchDatabase> {
  const scratch = await emptyDatabase(dialect, prefix);
  await migrateToLatest(scratch.handle.db);
  return scratch;
}

/** Applies every migration whose name sorts before `before` (a whole name or a prefix), as a database of that time had them. */
export async function migrateBefore(db: Kysely<any>, before: string): Promise<void> {
  const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < before));
  const result = await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
  if (result.error) throw result.error;
}
