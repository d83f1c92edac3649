import type { DbOrTrx } from "@/lib/db/database";

/** The key of `day`, creating it with `secret` when it is the first request of the day. */
export async function readerKeyOf(db: DbOrTrx, day: string, secret: string, now: number): Promise<string> {
  await db
    .insertInto("ad_reader_keys")
    .values({ day, secret, created_at: now })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db.selectFrom("ad_reader_keys").select("secret").where("day", "=", day).executeTakeFirstOrThrow();
  return row.secret;
}

/** Deletes the keys of days before `day` (their hashes can no longer be tied to anyone). */
export async function deleteReaderKeysBefore(db: DbOrTrx, day: string): Promise<number> {
  const result = await db.deleteFrom("ad_reader_keys").where("day", "<", day).executeTakeFirst();
  return Number(result.numDeletedRows);
}
