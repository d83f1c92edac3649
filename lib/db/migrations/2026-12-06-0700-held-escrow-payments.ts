import { sql, type Kysely } from "kysely";

// The leader's lost-race pass (features/rights/lost-race-refunds.ts) asks every few seconds for the escrow payments still
// held; without an index that is a scan of every payment ever made, most of them long released or refunded. A partial
// index holds the held ones only, in payment order, which is the order the pass takes them in.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index licence_escrow_payments_held_idx on licence_escrow_payments (payment_id) where status = 'held'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists licence_escrow_payments_held_idx`.execute(db);
}
