import { sql, type Kysely } from "kysely";
import { autoId } from "./dialect";

// Court cases with their timeline, integrity-label history, penalties, rights listings and
// licences, ad campaigns and vault objects. Frozen in time: later changes get a new migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("court_cases")
    .addColumn("id", "integer", autoId(db))
    .addColumn("capsule_id", "integer", (c) => c.notNull().references("capsules.id"))
    .addColumn("root_capsule_id", "integer", (c) => c.notNull())
    .addColumn("outlet_id", "integer", (c) => c.notNull().references("outlets.id"))
    .addColumn("outlet_slug", "text", (c) => c.notNull())
    .addColumn("opened_by", "text", (c) => c.notNull())
    .addColumn("grounds", "text", (c) => c.notNull())
    .addColumn("claim", "text")
    .addColumn("evidence_id", "integer")
    .addColumn("requested_label", "text")
    .addColumn("label_before", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("verdict", "text")
    .addColumn("rationale", "text")
    .addColumn("decided_by", "text")
    .addColumn("opened_at", "bigint", (c) => c.notNull())
    .addColumn("closed_at", "bigint")
    .addCheckConstraint("court_cases_status_check", sql`status in ('open', 'closed')`)
    .execute();
  // One open case per capsule, enforced by the database (two concurrent disputes cannot both win).
  await sql`create unique index court_cases_open_unique on court_cases (capsule_id) where status = 'open'`.execute(db);
  await db.schema.createIndex("court_cases_outlet_idx").on("court_cases").columns(["outlet_slug", "status", "id"]).execute();
  await db.schema.createIndex("court_cases_status_idx").on("court_cases").columns(["status", "id"]).execute();

  await db.schema
    .createTable("court_case_events")
    .addColumn("id", "integer", autoId(db))
    .addColumn("case_id", "integer", (c) => c.notNull().references("court_cases.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("details_json", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("tx_hash", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("court_case_events_case_idx").on("court_case_events").columns(["case_id", "id"]).execute();

  await db.schema
    .createTable("integrity_label_history")
    .addColumn("id", "integer", autoId(db))
    .addColumn("capsule_id", "integer", (c) => c.notNull())
    .addColumn("root_capsule_id", "integer", (c) => c.notNull())
    .addColumn("outlet_id", "integer", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("previous_label", "text", (c) => c.notNull())
    .addColumn("applied_by", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("case_id", "integer")
    .addColumn("tx_hash", "text")
    /** Idempotency key of chain-derived rows (`<txHash>:<logIndex>`); null for bridge-written rows. */
    .addColumn("source_key", "text", (c) => c.unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("integrity_label_history_root_idx").on("integrity_label_history").columns(["root_capsule_id", "id"]).execute();
  await db.schema.createIndex("integrity_label_history_outlet_idx").on("integrity_label_history").columns(["outlet_id", "label", "created_at"]).execute();

  await db.schema
    .createTable("court_penalties")
    .addColumn("id", "integer", autoId(db))
    .addColumn("case_id", "integer", (c) => c.notNull().unique().references("court_cases.id"))
    .addColumn("outlet_id", "integer", (c) => c.notNull())
    .addColumn("outlet_slug", "text", (c) => c.notNull())
    .addColumn("outlet_wallet", "text", (c) => c.notNull())
    .addColumn("verdict", "text", (c) => c.notNull())
    .addColumn("amount_requested", "text", (c) => c.notNull())
    .addColumn("amount_slashed", "text", (c) => c.notNull())
    .addColumn("bond_before", "text", (c) => c.notNull())
    .addColumn("tx_hash", "text", (c) => c.notNull())
    .addColumn("block_number", "bigint", (c) => c.notNull())
    .addColumn("log_index", "integer", (c) => c.notNull())
    .addColumn("penalty_until", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("court_penalties_outlet_idx").on("court_penalties").columns(["outlet_id", "penalty_until"]).execute();

  await db.schema
    .createTable("rights_listings")
    .addColumn("id", "integer", autoId(db))
    .addColumn("capsule_id", "integer", (c) => c.notNull().references("capsules.id"))
    .addColumn("outlet_id", "integer", (c) => c.notNull())
    .addColumn("outlet_slug", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("licence_type", "text", (c) => c.notNull())
    .addColumn("territory", "text", (c) => c.notNull())
    .addColumn("price", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("terms", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rights_listings_capsule_idx").on("rights_listings").columns(["capsule_id", "id"]).execute();
  await db.schema.createIndex("rights_listings_outlet_idx").on("rights_listings").columns(["outlet_slug", "id"]).execute();

  await db.schema
    .createTable("rights_licences")
    .addColumn("id", "integer", autoId(db))
    .addColumn("listing_id", "integer", (c) => c.notNull().references("rights_listings.id"))
    .addColumn("capsule_id", "integer", (c) => c.notNull())
    .addColumn("buyer", "text", (c) => c.notNull())
    .addColumn("price", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("payment_tx_hash", "text")
    /** The listing id when the listing is exclusive (unique: an exclusive listing sells once), else null. */
    .addColumn("exclusive_listing_id", "integer", (c) => c.unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rights_licences_listing_idx").on("rights_licences").columns(["listing_id", "id"]).execute();

  await db.schema
    .createTable("ad_campaigns")
    .addColumn("id", "integer", autoId(db))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("advertiser", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("headline", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("click_url", "text", (c) => c.notNull())
    .addColumn("target_outlets_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("target_categories_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("budget", "text", (c) => c.notNull())
    .addColumn("cpm", "text", (c) => c.notNull())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addCheckConstraint("ad_campaigns_status_check", sql`status in ('active', 'paused', 'ended')`)
    .execute();

  await db.schema
    .createTable("vault_objects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("uploader", "text", (c) => c.notNull())
    .addColumn("capsule_id", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "vault_objects",
    "ad_campaigns",
    "rights_licences",
    "rights_listings",
    "court_penalties",
    "integrity_label_history",
    "court_case_events",
    "court_cases",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
