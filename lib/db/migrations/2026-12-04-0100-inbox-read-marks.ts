import { sql, type Kysely } from "kysely";

// Before 2026-12-04 `POST /api/inbox/mark-read` stored any id, so a mark could sit past every entry
// the wallet will ever get and keep its inbox silent (docs/DECISIONS.md, "The inbox's read mark stops
// at the newest entry"). Such marks are brought back to the wallet's newest activity row (0 when it has
// none): whatever arrives from now on has a larger id and counts as unread again.
export async function up(db: Kysely<any>): Promise<void> {
  const newest = sql`coalesce((select max(activity.id) from activity where activity.wallet = inbox_reads.wallet), 0)`;
  await sql`update inbox_reads set last_read_id = ${newest} where last_read_id > ${newest}`.execute(db);
}

// Nothing to undo: the marks it lowered were past every entry, and a lower mark only shows entries as unread.
export async function down(): Promise<void> {}
