import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Helpers that keep migrations portable between SQLite and PostgreSQL.
export const isSqlite = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

export function autoId(db: Kysely<any>) {
  return (c: ColumnDefinitionBuilder) =>
    isSqlite(db) ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
}
