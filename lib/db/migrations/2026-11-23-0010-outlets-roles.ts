import { sql, type Kysely } from "kysely";
import { autoId } from "./dialect";

// Outlets with DNS verification state, and role grants with their history (docs/ARCHITECTURE.md, "States").
// Frozen in time: later changes get a new migration, never an edit here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outlets")
    .addColumn("id", "integer", autoId(db))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("metadata_uri", "text")
    .addColumn("owner_wallet", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("policy_id", "text", (c) => c.notNull().defaultTo("default"))
    .addColumn("verification_token", "text", (c) => c.notNull())
    .addColumn("verified_at", "bigint")
    .addColumn("first_verified_at", "bigint")
    .addColumn("last_checked_at", "bigint")
    .addColumn("last_result", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addCheckConstraint("outlets_status_check", sql`status in ('pending', 'active', 'suspended')`)
    .execute();
  await db.schema.createIndex("outlets_status_idx").on("outlets").columns(["status", "id"]).execute();
  await db.schema.createIndex("outlets_owner_idx").on("outlets").column("owner_wallet").execute();

  await db.schema
    .createTable("outlet_roles")
    .addColumn("id", "integer", autoId(db))
    .addColumn("outlet_id", "integer", (c) => c.notNull().references("outlets.id"))
    .addColumn("outlet_slug", "text", (c) => c.notNull())
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("role_id", "integer", (c) => c.notNull())
    .addColumn("bonded", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("granted_at", "bigint", (c) => c.notNull())
    .addColumn("granted_by", "text", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .addColumn("revoked_by", "text")
    .execute();
  // At most one active grant of a role per wallet and outlet; history rows (revoked) are free.
  await sql`create unique index outlet_roles_active_unique on outlet_roles (outlet_id, wallet, role_id) where revoked_at is null`.execute(db);
  await db.schema.createIndex("outlet_roles_wallet_idx").on("outlet_roles").columns(["wallet", "revoked_at"]).execute();
  await db.schema.createIndex("outlet_roles_outlet_idx").on("outlet_roles").columns(["outlet_id", "revoked_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outlet_roles").ifExists().execute();
  await db.schema.dropTable("outlets").ifExists().execute();
}
