import type { DbOrTrx } from "@/lib/db/database";
import type { EscrowStatus, LicenceEscrowPaymentRow, LicenceEscrowSettlementRow, NewLicenceEscrowPayment } from "@/lib/db/tables/rights.table";

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

export async function findEscrowSettlement(db: DbOrTrx, paymentId: number): Promise<LicenceEscrowSettlementRow | undefined> {
  return db.selectFrom("licence_escrow_settlements").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
}

export async function insertEscrowSettlement(db: DbOrTrx, values: LicenceEscrowSettlementRow): Promise<void> {
  await db.insertInto("licence_escrow_settlements").values(values).execute();
}

/** Payments into a listing still held on chain (as projected) that the bridge has not decided on. */
export async function undecidedHeldPayments(db: DbOrTrx, listingId: number): Promise<LicenceEscrowPaymentRow[]> {
  return db
    .selectFrom("licence_escrow_payments")
    .selectAll()
    .where("listing_id", "=", listingId)
    .where("status", "=", "held")
    .where((eb) => eb.not(eb.exists(eb.selectFrom("licence_escrow_settlements as s").select("s.payment_id").whereRef("s.payment_id", "=", "licence_escrow_payments.payment_id"))))
    .orderBy("payment_id", "asc")
    .execute();
}

/**
 * The licence a payment was decided to pay for (the bridge's release), when LicenceEscrow refunded that payment instead
 * (its Refunded projected): the void licence, with what its notices name. Undefined while either half is missing.
 */
export async function voidLicenceOfPayment(db: DbOrTrx, paymentId: number) {
  return db
    .selectFrom("licence_escrow_settlements as s")
    .innerJoin("licence_escrow_payments as p", "p.payment_id", "s.payment_id")
    .innerJoin("rights_licences as c", "c.id", "s.licence_id")
    .innerJoin("rights_listings as l", "l.id", "c.listing_id")
    .select(["c.id as licence_id", "c.buyer", "l.id as listing_id", "l.capsule_id", "l.outlet_slug", "l.licence_type", "l.created_by", "l.payee", "p.amount", "p.settle_tx_hash", "p.settled_at"])
    .where("s.payment_id", "=", paymentId)
    .where("s.action", "=", "release")
    .where("p.status", "=", "refunded")
    .executeTakeFirst();
}
