import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_siwe_nonces")
    .addColumn("nonce", "text", (c) => c.primaryKey())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createTable("auth_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("session_key", "text", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("issued_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_sessions_wallet_idx").on("auth_sessions").column("wallet").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_sessions").ifExists().execute();
  await db.schema.dropTable("auth_siwe_nonces").ifExists().execute();
}
