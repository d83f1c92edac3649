import { sql } from "kysely";
import type { DbOrTrx } from "@/lib/db/database";
import { dialectOf } from "@/lib/db/dialect";
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

/** Most deposits one pass of the leader's lost-race refunds takes; the next pass takes the rest. */
export const LOST_RACE_REFUNDS_PER_PASS = 50;

/**
 * The deposits that lost the race for a sold exclusive listing, for the leader to refund (features/rights/lost-race-refunds.ts):
 * held as projected and undecided by the bridge (no licence_escrow_settlements row), into an exclusive priced listing
 * whose licence is valid (the release the bridge decided for it projected `released`: never while it is pending, so a
 * sale that turns void refunds nobody), of at least the listing's price and naming its payee. Deposits that could never
 * have bought the listing (1 wei, another payee) are left to their buyers. Oldest first, at most `limit`: the filter
 * runs before the limit, so dust on a sold listing never crowds out its rivals, and neither do the payments in `except`
 * (those whose refund failed lately and waits to be tried again).
 */
export async function lostRaceDeposits(db: DbOrTrx, limit = LOST_RACE_REFUNDS_PER_PASS, except: readonly number[] = []) {
  // wei as decimal strings without leading zeros: a longer one is larger, one of the same length compares digit by
  // digit (byte order: PostgreSQL's collation is set aside, SQLite compares text by bytes)
  const bytes = dialectOf(db) === "postgres" ? sql` COLLATE "C"` : sql``;
  const amount = sql.ref("p.amount");
  const price = sql.ref("l.price");
  return db
    .selectFrom("licence_escrow_payments as p")
    .innerJoin("rights_listings as l", "l.id", "p.listing_id")
    .select(["p.payment_id", "p.listing_id", "p.buyer", "p.amount"])
    .where("p.status", "=", "held")
    .$if(except.length > 0, (q) => q.where("p.payment_id", "not in", except))
    .where("l.licence_type", "=", "exclusive")
    .where("l.price", "<>", "0")
    .where(sql<boolean>`(length(${amount}) > length(${price}) or (length(${amount}) = length(${price}) and ${amount}${bytes} >= ${price}${bytes}))`)
    .where(sql<boolean>`lower(p.payee) = lower(coalesce(l.payee, l.created_by))`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("licence_escrow_settlements as s").select("s.payment_id").whereRef("s.payment_id", "=", "p.payment_id"))))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("licence_escrow_settlements as r")
          .innerJoin("rights_licences as c", "c.id", "r.licence_id")
          .innerJoin("licence_escrow_payments as rp", "rp.payment_id", "r.payment_id")
          .select("r.payment_id")
          .where("r.action", "=", "release")
          .whereRef("c.listing_id", "=", "l.id")
          .where("rp.status", "=", "released"),
      ),
    )
    .orderBy("p.payment_id", "asc")
    .limit(limit)
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
