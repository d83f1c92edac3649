import { Migrator, sql, type Kysely, type MigrationResultSet } from "kysely";
import { migrations } from "./migrations";

export type MigrationStatus = {
  /** Applied to the database, in order. */
  applied: string[];
  /** Known to this code and not yet applied. */
  pending: string[];
  /** Applied to the database but unknown to this code: a newer version migrated it. */
  unknown: string[];
};

/** Thrown when the database carries migrations this code does not know (it was migrated by a newer version). */
export class NewerDatabaseError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `this database was migrated by a newer version of Capsule: it has ${unknown.length === 1 ? "migration" : "migrations"} ` +
        `${unknown.join(", ")} that this version does not know. Run the newer version, or restore a backup taken before the upgrade ` +
        "(docs/OPERATIONS.md, Upgrades).",
    );
    this.name = "NewerDatabaseError";
  }
}

export async function migrationStatus(db: Kysely<any>): Promise<MigrationStatus> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const hasTable = tables.some((t) => t.name === "kysely_migration");
  const rows = hasTable ? (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows : [];
  const applied = rows.map((r) => r.name);
  const known = Object.keys(migrations).sort();
  const appliedSet = new Set(applied);
  return {
    applied,
    pending: known.filter((name) => !appliedSet.has(name)),
    unknown: applied.filter((name) => !Object.hasOwn(migrations, name)),
  };
}

/** Refuses a database migrated by a newer version of the code. */
export async function assertNotNewer(db: Kysely<any>): Promise<MigrationStatus> {
  const status = await migrationStatus(db);
  if (status.unknown.length > 0) throw new NewerDatabaseError(status.unknown);
  return status;
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  await assertNotNewer(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
