import { sql, type Kysely } from "kysely";
import { autoId } from "./dialect";

// Capsules (drafts and the projection of their chain lifecycle), evidence, contributors,
// supporting relations and indexed votes. Frozen in time: later changes get a new migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("capsules")
    .addColumn("id", "integer", autoId(db))
    .addColumn("outlet_id", "integer", (c) => c.notNull().references("outlets.id"))
    .addColumn("outlet_slug", "text", (c) => c.notNull())
    .addColumn("article_slug", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subtitle", "text")
    .addColumn("summary", "text")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("category", "text")
    .addColumn("tags_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("source_url", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("rights_notes", "text")
    .addColumn("metadata_uri", "text", (c) => c.notNull())
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("submitter", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("capsule_type", "text", (c) => c.notNull())
    .addColumn("policy_id", "text", (c) => c.notNull())
    .addColumn("trusted_publisher_at_submit", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("window_seconds", "bigint")
    .addColumn("approval_threshold", "integer")
    .addColumn("quorum_threshold", "integer")
    .addColumn("eligible_weight", "text")
    .addColumn("voucher_deadline", "bigint")
    .addColumn("opens_at", "bigint")
    .addColumn("closes_at", "bigint")
    .addColumn("accepted_at", "bigint")
    .addColumn("finalized_at", "bigint")
    .addColumn("closed_at", "bigint")
    .addColumn("finalized_article_id", "text")
    .addColumn("finalized_by", "text")
    .addColumn("submit_tx_hash", "text")
    .addColumn("finalize_tx_hash", "text")
    .addColumn("root_capsule_id", "integer")
    .addColumn("parent_capsule_id", "integer")
    .addColumn("revision_number", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revision_reason", "text")
    .addColumn("change_summary_uri", "text")
    .addColumn("revision_fee_paid", "text", (c) => c.notNull().defaultTo("0"))
    .addColumn("integrity_label", "text", (c) => c.notNull().defaultTo("clean"))
    .addColumn("yes_votes", "text", (c) => c.notNull().defaultTo("0"))
    .addColumn("no_votes", "text", (c) => c.notNull().defaultTo("0"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addCheckConstraint("capsules_status_check", sql`status in ('draft', 'pending', 'accepted', 'rejected', 'finalized', 'superseded')`)
    .addCheckConstraint("capsules_type_check", sql`capsule_type in ('original', 'correction', 'retraction', 'supporting')`)
    .execute();
  await db.schema.createIndex("capsules_article_slug_unique").on("capsules").columns(["outlet_id", "article_slug"]).unique().execute();
  await db.schema.createIndex("capsules_outlet_status_idx").on("capsules").columns(["outlet_slug", "status", "id"]).execute();
  await db.schema.createIndex("capsules_status_idx").on("capsules").columns(["status", "id"]).execute();
  await db.schema.createIndex("capsules_root_idx").on("capsules").columns(["root_capsule_id", "revision_number"]).execute();

  await db.schema
    .createTable("capsule_evidence")
    .addColumn("id", "integer", autoId(db))
    .addColumn("capsule_id", "integer", (c) => c.notNull().references("capsules.id"))
    .addColumn("uri", "text", (c) => c.notNull())
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("evidence_type", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("is_primary", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("submitted_by", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("capsule_evidence_capsule_idx").on("capsule_evidence").columns(["capsule_id", "id"]).execute();

  await db.schema
    .createTable("capsule_contributors")
    .addColumn("id", "integer", autoId(db))
    .addColumn("capsule_id", "integer", (c) => c.notNull().references("capsules.id"))
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("role", "integer", (c) => c.notNull())
    .addColumn("contribution_type", "text", (c) => c.notNull())
    .addColumn("share_bps", "integer", (c) => c.notNull())
    .addColumn("attribution_uri", "text")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("capsule_contributors_capsule_idx").on("capsule_contributors").columns(["capsule_id", "id"]).execute();
  await db.schema.createIndex("capsule_contributors_wallet_idx").on("capsule_contributors").columns(["wallet"]).execute();

  await db.schema
    .createTable("capsule_supporting")
    .addColumn("id", "integer", autoId(db))
    .addColumn("capsule_id", "integer", (c) => c.notNull().references("capsules.id"))
    .addColumn("supporting_capsule_id", "integer", (c) => c.notNull().references("capsules.id"))
    .addColumn("relationship_type", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("capsule_supporting_pair_unique", ["capsule_id", "supporting_capsule_id"])
    .execute();

  await db.schema
    .createTable("capsule_votes")
    .addColumn("id", "integer", autoId(db))
    .addColumn("capsule_id", "integer", (c) => c.notNull())
    .addColumn("voter", "text", (c) => c.notNull())
    .addColumn("support", "integer", (c) => c.notNull())
    .addColumn("weight", "text", (c) => c.notNull())
    .addColumn("tx_hash", "text", (c) => c.notNull())
    .addColumn("log_index", "integer", (c) => c.notNull())
    .addColumn("block_time", "bigint", (c) => c.notNull())
    .addUniqueConstraint("capsule_votes_voter_unique", ["capsule_id", "voter"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["capsule_votes", "capsule_supporting", "capsule_contributors", "capsule_evidence", "capsules"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
