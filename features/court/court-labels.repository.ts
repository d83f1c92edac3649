import type { DbOrTrx } from "@/lib/db/database";
import type { IntegrityLabel } from "@/lib/db/tables/capsules.table";
import type { LabelHistoryRow, NewLabelHistory } from "@/lib/db/tables/court.table";

/** Inserts a label-history row; a chain-derived row with a known source_key is skipped (idempotent). */
export async function insertLabelHistory(db: DbOrTrx, values: NewLabelHistory): Promise<boolean> {
  const result = await db
    .insertInto("integrity_label_history")
    .values(values)
    .onConflict((oc) => oc.column("source_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Every label change of a revision chain, oldest first. */
export async function listLabelHistory(db: DbOrTrx, rootCapsuleId: number): Promise<LabelHistoryRow[]> {
  return db.selectFrom("integrity_label_history").selectAll().where("root_capsule_id", "=", rootCapsuleId).orderBy("id", "asc").execute();
}

/** Label changes of an outlet's chains to one of `labels` at or after `since`. */
export async function outletLabelChangesSince(db: DbOrTrx, outletId: number, labels: string[], since: number): Promise<LabelHistoryRow[]> {
  return db
    .selectFrom("integrity_label_history")
    .selectAll()
    .where("outlet_id", "=", outletId)
    .where("label", "in", labels as LabelHistoryRow["label"][])
    .where("created_at", ">=", since)
    .orderBy("id", "asc")
    .execute();
}

/** Every label change of an outlet's chains recorded at or before `at`, oldest first. */
export async function outletLabelChangesUntil(db: DbOrTrx, outletId: number, at: number): Promise<LabelHistoryRow[]> {
  return db.selectFrom("integrity_label_history").selectAll().where("outlet_id", "=", outletId).where("created_at", "<=", at).orderBy("id", "asc").execute();
}

/** The label a chain carried before its newest history entry (for rows recorded after the fact). */
export async function lastRecordedLabel(db: DbOrTrx, rootCapsuleId: number): Promise<IntegrityLabel> {
  const history = await listLabelHistory(db, rootCapsuleId);
  return history.at(-1)?.label ?? "clean";
}

/** The chain-derived history row a log wrote (source_key `<txHash>:<logIndex>`), if any. */
export async function labelHistoryBySource(db: DbOrTrx, sourceKey: string): Promise<LabelHistoryRow | undefined> {
  return db.selectFrom("integrity_label_history").selectAll().where("source_key", "=", sourceKey).executeTakeFirst();
}
