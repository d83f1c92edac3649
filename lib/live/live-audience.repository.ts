import "server-only";
import type { DbOrTrx } from "@/lib/db/database";

/** The authors of these capsules: a pushed change tells them too (their inbox moved). */
export async function submittersOf(db: DbOrTrx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom("capsules").select("submitter").where("id", "in", ids).execute()).map((r) => r.submitter);
}
