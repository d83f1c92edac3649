import type { DbOrTrx } from "@/lib/db/database";
import type { NewOutboxRow, OutboxRow, OutboxStatus } from "@/lib/db/tables/operator-outbox.table";

// The operator outbox's SQL: allocation of the next nonce, the rows the worker watches, and the
// rows shown next to the records they belong to.

export async function maxOutboxNonce(db: DbOrTrx, chainId: number, sender: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("operator_outbox")
    .select((eb) => eb.fn.max("nonce").as("nonce"))
    .where("chain_id", "=", chainId)
    .where("sender", "=", sender)
    .executeTakeFirst();
  return row?.nonce === null || row?.nonce === undefined ? undefined : Number(row.nonce);
}

export async function insertOutboxRow(db: DbOrTrx, row: NewOutboxRow): Promise<OutboxRow> {
  return db.insertInto("operator_outbox").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findOutboxRow(db: DbOrTrx, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom("operator_outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Rows without a final answer, and mined rows a rollback may have taken off the chain (nonce ≥ watermark). */
export async function rowsToWatch(db: DbOrTrx, chainId: number, sender: string, watermark: number): Promise<OutboxRow[]> {
  return db
    .selectFrom("operator_outbox")
    .selectAll()
    .where("chain_id", "=", chainId)
    .where("sender", "=", sender)
    .where((eb) => eb.or([eb("status", "in", ["queued", "sent"]), eb.and([eb("status", "in", ["mined", "failed"]), eb("nonce", ">=", watermark)])]))
    .orderBy("nonce")
    .execute();
}

export type OutboxUpdate = Partial<Pick<OutboxRow, "status" | "block_number" | "error_code" | "error_name" | "error_message">> & { broadcast?: boolean };

/** `whileStatus`: only if the row still has the status the caller read (a request may have settled it meanwhile). */
export async function updateOutboxRow(db: DbOrTrx, id: number, patch: OutboxUpdate, now: number, whileStatus?: OutboxStatus): Promise<void> {
  const { broadcast, ...columns } = patch;
  let update = db
    .updateTable("operator_outbox")
    .set((eb) => ({ ...columns, updated_at: now, ...(broadcast ? { broadcasts: eb("broadcasts", "+", 1) } : {}) }))
    .where("id", "=", id);
  if (whileStatus) update = update.where("status", "=", whileStatus);
  await update.execute();
}

/** A relayed vote of `wallet` that is queued or broadcast but not mined yet (on any capsule). */
export async function findUnminedVote(db: DbOrTrx, wallet: string): Promise<OutboxRow | undefined> {
  return db
    .selectFrom("operator_outbox")
    .selectAll()
    .where("wallet", "=", wallet)
    .where("purpose", "=", "capsule.vote")
    .where("status", "in", ["queued", "sent"] satisfies OutboxStatus[])
    .executeTakeFirst();
}

/**
 * The operator call `functionName` for court case `caseId` staged last, in any status (undefined when none was);
 * with `wallet`, the last one relayed for that wallet (a juror's commit or reveal).
 */
export async function latestCaseCall(db: DbOrTrx, caseId: number, functionName: string, wallet?: string): Promise<OutboxRow | undefined> {
  let query = db.selectFrom("operator_outbox").selectAll().where("case_id", "=", caseId).where("function_name", "=", functionName);
  if (wallet !== undefined) query = query.where("wallet", "=", wallet);
  return query.orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** The newest operator transactions a capsule read shows. */
export const CAPSULE_OUTBOX_LIMIT = 50;

export async function listCapsuleOutbox(db: DbOrTrx, capsuleId: number, limit = CAPSULE_OUTBOX_LIMIT): Promise<OutboxRow[]> {
  return db.selectFrom("operator_outbox").selectAll().where("capsule_id", "=", capsuleId).orderBy("id", "desc").limit(limit).execute();
}

/** The nonces the outbox holds for `sender` in [from, to] (gap detection). */
export async function outboxNoncesBetween(db: DbOrTrx, chainId: number, sender: string, from: number, to: number): Promise<number[]> {
  const rows = await db
    .selectFrom("operator_outbox")
    .select("nonce")
    .where("chain_id", "=", chainId)
    .where("sender", "=", sender)
    .where("nonce", ">=", from)
    .where("nonce", "<=", to)
    .execute();
  return rows.map((r) => Number(r.nonce));
}
