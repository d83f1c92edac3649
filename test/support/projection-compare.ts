import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { readDeployment } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { rebuildProjection } from "@/features/rebuild-projection";
import { createTestDatabase } from "./postgres";

// "The projection equals a rebuild": copy a stack's database, run `npm run indexer:rebuild`'s
// code on the copy against the same node, and compare both table by table. Used by the reorg,
// crash and restore tests.

/**
 * Tables that hold no projection and change on every request or restart; capsule_list_version counts
 * writes to capsules (a cache key), so a rebuild, which writes more, ends at another number;
 * partner_deliveries is the webhook dispatcher's queue, which moves on while the copy is rebuilt.
 */
const VOLATILE_TABLES = new Set(["auth_nonces", "rate_limit_counters", "kysely_migration", "kysely_migration_lock", "capsule_list_version", "partner_deliveries"]);

/**
 * Columns left out of the comparison, per table: surrogate ids of rows the rebuild deletes and
 * inserts again, and bookkeeping times of the indexer itself. Extend it only with a reason.
 */
export const DEFAULT_IGNORED_COLUMNS: Record<string, string[]> = {
  "*": [],
  chain_events: ["id"],
  activity: ["id"],
  capsule_votes: ["id"],
  integrity_label_history: ["id"],
  // the event itself is projected; when it was recorded and fanned out to webhooks is the dispatcher's bookkeeping
  partner_events: ["id", "created_at", "fanned_out_at", "outlet_tier", "priority"],
  chain_checkpoints: ["updated_at"],
};

export type TableSnapshot = Map<string, string[]>;

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const rows =
    handle.dialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(handle.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(handle.db);
  return rows.rows.map((r) => r.name).filter((name) => !VOLATILE_TABLES.has(name)).sort();
}

function normalise(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString("hex");
  return value;
}

/** Every table's rows as sorted canonical JSON strings, without the ignored columns. */
export async function snapshotTables(handle: DatabaseHandle, ignored: Record<string, string[]> = DEFAULT_IGNORED_COLUMNS): Promise<TableSnapshot> {
  const snapshot: TableSnapshot = new Map();
  for (const table of await tableNames(handle)) {
    const skip = new Set([...(ignored["*"] ?? []), ...(ignored[table] ?? [])]);
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(handle.db);
    const rows = result.rows.map((row) =>
      JSON.stringify(Object.keys(row).filter((k) => !skip.has(k)).sort().map((k) => [k, normalise(row[k])])),
    );
    snapshot.set(table, rows.sort());
  }
  return snapshot;
}

/** Human-readable differences between two snapshots (empty when equal). */
export function diffSnapshots(actual: TableSnapshot, expected: TableSnapshot, limit = 20): string[] {
  const out: string[] = [];
  for (const table of new Set([...actual.keys(), ...expected.keys()])) {
    const a = actual.get(table) ?? [];
    const e = expected.get(table) ?? [];
    const inA = new Map<string, number>();
    for (const row of a) inA.set(row, (inA.get(row) ?? 0) + 1);
    const missing: string[] = [];
    for (const row of e) {
      const n = inA.get(row) ?? 0;
      if (n > 0) inA.set(row, n - 1);
      else missing.push(row);
    }
    const extra = [...inA].flatMap(([row, n]) => Array<string>(n).fill(row));
    for (const row of missing.slice(0, limit)) out.push(`${table}: only in the rebuild: ${row}`);
    for (const row of extra.slice(0, limit)) out.push(`${table}: only in the projection: ${row}`);
  }
  return out;
}

/** A copy of the stack's database (SQLite online backup, or pg_dump into a fresh database). */
async function copyDatabase(source: { sqliteFile?: string; databaseUrl?: string }): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (source.databaseUrl) {
    const copy = await createTestDatabase("capsule_rebuild");
    const dump = spawnSync("sh", ["-c", `pg_dump --no-owner --no-privileges "$SRC" | psql -q -v ON_ERROR_STOP=1 "$DST"`], {
      env: { ...process.env, SRC: source.databaseUrl, DST: copy.url },
      encoding: "utf8",
    });
    if (dump.status !== 0) throw new Error(`copying the database failed: ${dump.stderr}`);
    const handle = openDatabase({ databaseUrl: copy.url, sqliteFile: "" });
    return { handle, drop: async () => (await handle.close(), await copy.drop()) };
  }
  if (!source.sqliteFile) throw new Error("copyDatabase needs a SQLite file or a PostgreSQL URL");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-rebuild-"));
  const file = path.join(dir, "copy.sqlite");
  const original = new Database(source.sqliteFile, { readonly: true, fileMustExist: true });
  try {
    await original.backup(file);
  } finally {
    original.close();
  }
  const handle = openDatabase({ sqliteFile: file });
  return { handle, drop: async () => (await handle.close(), fs.rmSync(dir, { recursive: true, force: true })) };
}

export type RebuildComparison = { differences: string[]; rebuiltToBlock: number };

/**
 * Rebuilds a copy of the database from the chain and compares it with the original. Call it when
 * the original's indexer has reached the head (the rebuild reads up to the head at that moment).
 */
export async function compareWithRebuild(options: {
  /** The stack's SQLite file (data/capsule.sqlite), or its PostgreSQL URL. */
  sqliteFile?: string;
  databaseUrl?: string;
  rpcUrl: string;
  deploymentFile: string;
  ignored?: Record<string, string[]>;
}): Promise<RebuildComparison> {
  const deployment = readDeployment(options.deploymentFile);
  if (!deployment) throw new Error(`no deployment record at ${options.deploymentFile}`);
  const copy = await copyDatabase(options);
  try {
    const result = await rebuildProjection({ db: copy.handle.db, dialect: copy.handle.dialect, rpcUrl: options.rpcUrl, deployment });
    const original = openDatabase({ databaseUrl: options.databaseUrl, sqliteFile: options.sqliteFile ?? "" });
    try {
      const [actual, expected] = [await snapshotTables(original, options.ignored), await snapshotTables(copy.handle, options.ignored)];
      return { differences: diffSnapshots(actual, expected), rebuiltToBlock: result.toBlock };
    } finally {
      await original.close();
    }
  } finally {
    await copy.drop();
  }
}
