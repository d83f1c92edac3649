import type { DbOrTrx } from "../database";
import type { EscrowStatus, LicenceEscrowPaymentRow, NewLicenceEscrowPayment } from "../tables/rights.table";

export async function insertEscrowPayment(db: DbOrTrx, values: NewLicenceEscrowPayment): Promise<void> {
  await db
    .insertInto("licence_escrow_payments")
    .values(values)
    .onConflict((oc) => oc.column("payment_id").doNothing())
    .execute();
}

export async function settleEscrowPayment(
  db: DbOrTrx,
  paymentId: number,
  patch: { status: EscrowStatus; payeeBps?: number; refundReason?: string; txHash: string; at: number },
): Promise<void> {
  await db
    .updateTable("licence_escrow_payments")
    .set({ status: patch.status, payee_bps: patch.payeeBps ?? null, refund_reason: patch.refundReason ?? null, settle_tx_hash: patch.txHash, settled_at: patch.at })
    .where("payment_id", "=", paymentId)
    .execute();
}

export async function findEscrowPayment(db: DbOrTrx, paymentId: number): Promise<LicenceEscrowPaymentRow | undefined> {
  return db.selectFrom("licence_escrow_payments").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
}

/** Before a rebuild replays the chain. */
export async function deleteEscrowPayments(db: DbOrTrx): Promise<void> {
  await db.deleteFrom("licence_escrow_payments").execute();
}
