import type { DbOrTrx } from "@/lib/db/database";
import type { CourtCaseRow, LabelHistoryRow } from "@/lib/db/tables/court.table";

// What a jury settlement (jury-settle.ts) wrote outside the jury projection, found again so that a
// rewind that took its CaseFinal away can take it back (jury-unsettle.ts). A settlement writes every
// entry at the jury case's final time (`closed_at` of the court case) and as JuryCourt (`decided_by`).

/** Settlement kinds of the case timeline (the case's opening entries are never at its closing time). */
const SETTLEMENT_EVENT_KINDS = ["verdict", "no_finding", "label_changed", "penalty"] as const;

/** Court cases a jury settlement closed, with their jury case's period and final time in the projection now (null: not projected). */
export async function juryClosedCases(db: DbOrTrx): Promise<Array<CourtCaseRow & { jury_period: string | null; jury_final_at: number | null }>> {
  return db
    .selectFrom("court_cases")
    .leftJoin("jury_cases", "jury_cases.case_id", "court_cases.jury_case_id")
    .selectAll("court_cases")
    .select(["jury_cases.period as jury_period", "jury_cases.final_at as jury_final_at"])
    .where("court_cases.status", "=", "closed")
    .where("court_cases.jury_case_id", "is not", null)
    .where("court_cases.decided_by", "is not", null)
    .orderBy("court_cases.id")
    .execute();
}

/** The case open again, as it was before its settlement. */
export async function reopenCase(db: DbOrTrx, id: number): Promise<void> {
  await db
    .updateTable("court_cases")
    .set({ status: "open", verdict: null, rationale: null, finding: null, decided_by: null, closed_at: null })
    .where("id", "=", id)
    .where("status", "=", "closed")
    .execute();
}

/** The label changes the settlement made on the case's revision chain (newest first). */
export async function settlementLabelChanges(db: DbOrTrx, closed: Pick<CourtCaseRow, "id" | "decided_by" | "closed_at">): Promise<LabelHistoryRow[]> {
  if (closed.decided_by === null || closed.closed_at === null) return [];
  return db
    .selectFrom("integrity_label_history")
    .selectAll()
    .where("case_id", "=", closed.id)
    .where("applied_by", "=", closed.decided_by)
    .where("created_at", "=", closed.closed_at)
    .orderBy("id", "desc")
    .execute();
}

/**
 * Removes the settlement's own rows: its label history entries, its timeline entries, the parties' inbox entries
 * (the verdict and the author's label change) and, when its transaction is not on the chain, the penalty's row and
 * the outlet wallet's activity for it.
 */
export async function deleteSettlementRows(db: DbOrTrx, closed: Pick<CourtCaseRow, "id" | "capsule_id" | "decided_by" | "closed_at">, penaltyTxHashes: string[]): Promise<void> {
  if (closed.decided_by === null || closed.closed_at === null) return;
  await db
    .deleteFrom("integrity_label_history")
    .where("case_id", "=", closed.id)
    .where("applied_by", "=", closed.decided_by)
    .where("created_at", "=", closed.closed_at)
    .execute();
  await db.deleteFrom("court_case_events").where("case_id", "=", closed.id).where("kind", "in", [...SETTLEMENT_EVENT_KINDS]).where("created_at", "=", closed.closed_at).execute();
  await db.deleteFrom("activity").where("kind", "=", "inbox.verdict").where("subject_id", "=", String(closed.id)).where("created_at", "=", closed.closed_at).where("tx_hash", "is", null).execute();
  await db
    .deleteFrom("activity")
    .where("kind", "=", "inbox.label_changed")
    .where("subject_id", "=", String(closed.capsule_id))
    .where("created_at", "=", closed.closed_at)
    .where("tx_hash", "is", null)
    .execute();
  if (penaltyTxHashes.length === 0) return;
  await db.deleteFrom("court_penalties").where("case_id", "=", closed.id).where("tx_hash", "in", penaltyTxHashes).execute();
  await db.deleteFrom("activity").where("kind", "=", "court.penalty").where("subject_id", "=", String(closed.id)).where("tx_hash", "in", penaltyTxHashes).execute();
}

/**
 * The case's penalty transactions (operator outbox, purpose court.penalty) that left no log in the indexed chain:
 * the reorg took them away with the CaseFinal, or they were never mined.
 */
export async function penaltyTxsOffChain(db: DbOrTrx, caseId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("operator_outbox")
    .select("tx_hash")
    .where("purpose", "=", "court.penalty")
    .where("case_id", "=", caseId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("chain_events").select("chain_events.id").whereRef("chain_events.tx_hash", "=", "operator_outbox.tx_hash"))))
    .execute();
  return rows.map((row) => row.tx_hash);
}

/** Withdraws those penalty transactions from the outbox, so its worker does not broadcast them again; their nonces become gaps it fills. */
export async function withdrawPenaltyTxs(db: DbOrTrx, txHashes: string[]): Promise<void> {
  if (txHashes.length === 0) return;
  await db.deleteFrom("operator_outbox").where("purpose", "=", "court.penalty").where("tx_hash", "in", txHashes).execute();
}
