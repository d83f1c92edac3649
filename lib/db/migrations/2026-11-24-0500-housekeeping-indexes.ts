import type { Kysely } from "kysely";

// Housekeeping purges expired rows by `expires_at` in bounded batches; these two tables had no index
// on it (auth_nonces and rate_limit_counters already do).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("auth_siwe_nonces_expires_idx").on("auth_siwe_nonces").column("expires_at").execute();
  await db.schema.createIndex("auth_sessions_expires_idx").on("auth_sessions").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("auth_sessions_expires_idx").ifExists().execute();
  await db.schema.dropIndex("auth_siwe_nonces_expires_idx").ifExists().execute();
}
