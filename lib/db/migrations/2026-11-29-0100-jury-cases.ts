import type { Kysely } from "kysely";

// Issue 28. The projection of JuryCourt: one row per case (its current period, round and ruling), one
// per drawn juror and round (commit, reveal with findings and reasons, reward or slash), and every
// JuryCourt event of a case as its public timeline (evidence, appeal funding, period changes).
// Everything here is written by the indexer from JuryCourt events and rebuilt from the chain.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("jury_cases")
    .addColumn("case_id", "integer", (c) => c.primaryKey())
    .addColumn("capsule_id", "integer", (c) => c.notNull())
    .addColumn("outlet_key", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("challenger", "text", (c) => c.notNull())
    .addColumn("claim_ids_json", "text", (c) => c.notNull())
    .addColumn("fee", "text", (c) => c.notNull())
    .addColumn("snapshot_block", "integer", (c) => c.notNull())
    .addColumn("pool_size", "integer", (c) => c.notNull())
    .addColumn("round", "integer", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("period_starts_at", "bigint", (c) => c.notNull())
    .addColumn("period_ends_at", "bigint")
    .addColumn("draw_block", "integer")
    .addColumn("findings_json", "text")
    .addColumn("article_finding", "integer")
    .addColumn("winner", "integer")
    .addColumn("by_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("opened_at", "bigint", (c) => c.notNull())
    .addColumn("open_tx_hash", "text", (c) => c.notNull())
    .addColumn("final_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jury_cases_capsule_idx").on("jury_cases").columns(["capsule_id", "case_id"]).execute();
  await db.schema.createIndex("jury_cases_period_idx").on("jury_cases").columns(["period", "case_id"]).execute();

  await db.schema
    .createTable("jury_jurors")
    .addColumn("case_id", "integer", (c) => c.notNull())
    .addColumn("round", "integer", (c) => c.notNull())
    .addColumn("juror", "text", (c) => c.notNull())
    .addColumn("seat", "integer", (c) => c.notNull())
    .addColumn("drawn_at", "bigint", (c) => c.notNull())
    .addColumn("committed_at", "bigint")
    .addColumn("revealed_at", "bigint")
    .addColumn("findings_json", "text")
    .addColumn("reasons_json", "text")
    .addColumn("reward", "text")
    .addColumn("slashed", "text")
    .addPrimaryKeyConstraint("jury_jurors_pkey", ["case_id", "round", "juror"])
    .execute();
  await db.schema.createIndex("jury_jurors_juror_idx").on("jury_jurors").columns(["juror", "case_id"]).execute();

  await db.schema
    .createTable("jury_case_log")
    .addColumn("tx_hash", "text", (c) => c.notNull())
    .addColumn("log_index", "integer", (c) => c.notNull())
    .addColumn("case_id", "integer", (c) => c.notNull())
    .addColumn("round", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("actor", "text")
    .addColumn("details_json", "text", (c) => c.notNull())
    .addColumn("block_number", "integer", (c) => c.notNull())
    .addColumn("block_time", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("jury_case_log_pkey", ["tx_hash", "log_index"])
    .execute();
  await db.schema.createIndex("jury_case_log_case_idx").on("jury_case_log").columns(["case_id", "block_number", "log_index"]).execute();

  // A bridge case (grounds, the capsule's claim ids) names the JuryCourt case that decides it, once the
  // challenger registered the opening transaction; clerk cases (opened before) keep null.
  await db.schema.alterTable("court_cases").addColumn("jury_case_id", "integer").execute();
  await db.schema.alterTable("court_cases").addColumn("claim_ids_json", "text").execute();
  await db.schema.createIndex("court_cases_jury_case_unique").on("court_cases").column("jury_case_id").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("court_cases_jury_case_unique").ifExists().execute();
  await db.schema.alterTable("court_cases").dropColumn("claim_ids_json").execute();
  await db.schema.alterTable("court_cases").dropColumn("jury_case_id").execute();
  await db.schema.dropTable("jury_case_log").ifExists().execute();
  await db.schema.dropTable("jury_jurors").ifExists().execute();
  await db.schema.dropTable("jury_cases").ifExists().execute();
}
