import type { DbOrTrx } from "@/lib/db/database";
import type { ActivityRow } from "@/lib/db/tables/foundation.table";

// The inbox is a view of the activity feed: the wallet's rows of the inbox kinds; read state in inbox_reads.

export async function lastReadId(db: DbOrTrx, wallet: string): Promise<number> {
  const row = await db.selectFrom("inbox_reads").select("last_read_id").where("wallet", "=", wallet).executeTakeFirst();
  return row ? Number(row.last_read_id) : 0;
}

export async function listInbox(db: DbOrTrx, wallet: string, kinds: readonly string[], page: { offset: number; limit: number; afterId?: number }): Promise<{ rows: ActivityRow[]; total: number }> {
  let base = db.selectFrom("activity").where("wallet", "=", wallet).where("kind", "in", [...kinds]);
  if (page.afterId !== undefined) base = base.where("id", ">", page.afterId);
  const rows = await base.selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The wallet's newest entry of one kind, however deep in its inbox (e.g. its latest role revocation). */
export async function newestOfKind(db: DbOrTrx, wallet: string, kind: string): Promise<ActivityRow | undefined> {
  return db.selectFrom("activity").selectAll().where("wallet", "=", wallet).where("kind", "=", kind).orderBy("id", "desc").limit(1).executeTakeFirst();
}

export async function countUnread(db: DbOrTrx, wallet: string, kinds: readonly string[], afterId: number): Promise<number> {
  const row = await db
    .selectFrom("activity")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("wallet", "=", wallet)
    .where("kind", "in", [...kinds])
    .where("id", ">", afterId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function newestInboxId(db: DbOrTrx, wallet: string, kinds: readonly string[]): Promise<number> {
  const row = await db.selectFrom("activity").select((eb) => eb.fn.max("id").as("id")).where("wallet", "=", wallet).where("kind", "in", [...kinds]).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Moves the read mark forward only (a stale tab cannot mark newer entries unread again). */
export async function markRead(db: DbOrTrx, wallet: string, upToId: number, at: number): Promise<number> {
  await db
    .insertInto("inbox_reads")
    .values({ wallet, last_read_id: upToId, updated_at: at })
    .onConflict((oc) => oc.column("wallet").doUpdateSet({ last_read_id: upToId, updated_at: at }).where("inbox_reads.last_read_id", "<", upToId))
    .execute();
  return lastReadId(db, wallet);
}
