import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow, OwnershipOfferRow, OwnershipOfferStatus } from "@/lib/db/tables/outlets.table";

type NewOwnershipOffer = Pick<OwnershipOfferRow, "outlet_id" | "outlet_slug" | "wallet" | "offered_by" | "offered_at">;

/** Records an open offer; the unique index on pending rows refuses a second one at the same outlet. */
export async function insertOwnershipOffer(db: DbOrTrx, values: NewOwnershipOffer): Promise<OwnershipOfferRow> {
  return db.insertInto("outlet_ownership_offers").values({ ...values, status: "pending", closed_at: null, closed_by: null }).returningAll().executeTakeFirstOrThrow();
}

export async function findOwnershipOffer(db: DbOrTrx, id: number): Promise<OwnershipOfferRow | undefined> {
  return db.selectFrom("outlet_ownership_offers").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The outlet's open offer of its ownership, if any. */
export async function findOpenOwnershipOffer(db: DbOrTrx, outletId: number): Promise<OwnershipOfferRow | undefined> {
  return db.selectFrom("outlet_ownership_offers").selectAll().where("outlet_id", "=", outletId).where("status", "=", "pending").executeTakeFirst();
}

/** Closes a still-pending offer; undefined when another request closed it first. */
export async function closeOwnershipOffer(db: DbOrTrx, id: number, status: Exclude<OwnershipOfferStatus, "pending">, by: string, at: number): Promise<OwnershipOfferRow | undefined> {
  return db
    .updateTable("outlet_ownership_offers")
    .set({ status, closed_at: at, closed_by: by })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** Moves the outlet to `to` if `from` still owns it; undefined when the owner changed meanwhile. */
export async function moveOutletOwner(db: DbOrTrx, outletId: number, from: string, to: string, now: number): Promise<OutletRow | undefined> {
  return db
    .updateTable("outlets")
    .set({ owner_wallet: to, updated_at: now })
    .where("id", "=", outletId)
    .where("owner_wallet", "=", from)
    .returningAll()
    .executeTakeFirst();
}

/** Whether `wallet` once handed outlet `outletId` over (an accepted offer it made). */
export async function handedOver(db: DbOrTrx, outletId: number, wallet: string): Promise<boolean> {
  const row = await db
    .selectFrom("outlet_ownership_offers")
    .select("id")
    .where("outlet_id", "=", outletId)
    .where("offered_by", "=", wallet)
    .where("status", "=", "accepted")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The status of each of these offers, by id (an inbox entry of an offer says how it was answered). */
export async function ownershipOfferStatuses(db: DbOrTrx, ids: number[]): Promise<Map<number, OwnershipOfferStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("outlet_ownership_offers").select(["id", "status"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** When offers of the outlet's ownership to this wallet were withdrawn since `since` by a wallet (not closed by the bridge). */
export async function ownershipOfferWithdrawalsSince(db: DbOrTrx, outletId: number, wallet: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom("outlet_ownership_offers")
    .select("closed_at")
    .where("outlet_id", "=", outletId)
    .where("wallet", "=", wallet)
    .where("status", "=", "withdrawn")
    .where("closed_by", "is not", null)
    .where("closed_at", ">", since)
    .execute();
  return rows.map((row) => Number(row.closed_at));
}

/**
 * Closes the outlet's open ownership offers made by `filter.offeredBy` or to `filter.wallet`, as withdrawn by nobody
 * (closed_by null: the bridge closed them, the ownership or the Editor role they rested on having ended).
 */
export async function closeOpenOwnershipOffers(db: DbOrTrx, outletId: number, filter: { offeredBy: string } | { wallet: string }, at: number): Promise<OwnershipOfferRow[]> {
  let query = db.updateTable("outlet_ownership_offers").set({ status: "withdrawn", closed_at: at, closed_by: null }).where("outlet_id", "=", outletId).where("status", "=", "pending");
  query = "offeredBy" in filter ? query.where("offered_by", "=", filter.offeredBy) : query.where("wallet", "=", filter.wallet);
  return query.returningAll().execute();
}
