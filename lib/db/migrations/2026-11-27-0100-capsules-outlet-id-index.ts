import type { Kysely } from "kysely";

// GET /api/capsules?outlet= lists one outlet's capsules newest first: its count, its anchors and its
// pages walk `outlet_slug = ? AND id <= ? ORDER BY id DESC`. capsules_outlet_status_idx has the
// status between slug and id, so without this index that order came from a sort of all the outlet's
// rows (SQLite) or a backward walk of the whole primary key (PostgreSQL), per request.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("capsules_outlet_id_idx").on("capsules").columns(["outlet_slug", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("capsules_outlet_id_idx").ifExists().execute();
}
