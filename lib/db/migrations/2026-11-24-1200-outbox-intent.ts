import type { Kysely } from "kysely";

// Issue 11 item 4: a queued operator transaction carries the intent its receipt completes (e.g. a
// court penalty's requested amount, bond before and penalty end), so SQL moves when the chain says
// so — in the request that waits on the receipt or later in the outbox worker. NULL for other rows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("operator_outbox").addColumn("intent_json", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("operator_outbox").dropColumn("intent_json").execute();
}
