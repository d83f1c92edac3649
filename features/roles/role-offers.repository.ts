import type { DbOrTrx, Trx } from "@/lib/db/database";
import { LOCK_SPACE, takeTransactionLockOn, walletLockId } from "@/lib/db/server-functions";
import type { RoleOfferRow, RoleOfferStatus } from "@/lib/db/tables/roles.table";

/** Holds the outlet's role offers until `trx` ends: counting its open offers and inserting one more run one request at a time. */
export async function lockOutletRoleOffers(trx: Trx, outletId: number): Promise<void> {
  await takeTransactionLockOn(trx, LOCK_SPACE.outletRoleOffers, outletId);
}

/**
 * Holds the open offers to `wallet` until `trx` ends: counting them and inserting one more run one request at a time,
 * whichever outlets they come from. Taken after the outlet's lock (lockOutletRoleOffers), always in that order.
 */
export async function lockWalletRoleOffers(trx: Trx, wallet: string): Promise<void> {
  await takeTransactionLockOn(trx, LOCK_SPACE.walletRoleOffers, walletLockId(wallet));
}

/** How many offers to the wallet are open (pending and unexpired) at `at`, at every outlet. */
export async function countOpenRoleOffersTo(db: DbOrTrx, wallet: string, at: number): Promise<number> {
  const row = await db
    .selectFrom("role_offers")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("wallet", "=", wallet)
    .where("status", "=", "pending")
    .where("expires_at", ">", at)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many offers of the outlet are open (pending and unexpired) at `at`. */
export async function countOpenRoleOffers(db: DbOrTrx, outletId: number, at: number): Promise<number> {
  const row = await db
    .selectFrom("role_offers")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("outlet_id", "=", outletId)
    .where("status", "=", "pending")
    .where("expires_at", ">", at)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type NewOffer = Omit<RoleOfferRow, "id" | "status" | "closed_at" | "closed_by">;

export async function insertRoleOffer(db: DbOrTrx, values: NewOffer): Promise<RoleOfferRow> {
  return db.insertInto("role_offers").values({ ...values, status: "pending", closed_at: null, closed_by: null }).returningAll().executeTakeFirstOrThrow();
}

export async function findRoleOffer(db: DbOrTrx, id: number): Promise<RoleOfferRow | undefined> {
  return db.selectFrom("role_offers").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The open offer of this role to this wallet at this outlet, if one has not expired by `at`. */
export async function findOpenRoleOffer(db: DbOrTrx, outletId: number, wallet: string, roleId: number, at: number): Promise<RoleOfferRow | undefined> {
  return db
    .selectFrom("role_offers")
    .selectAll()
    .where("outlet_id", "=", outletId)
    .where("wallet", "=", wallet)
    .where("role_id", "=", roleId)
    .where("status", "=", "pending")
    .where("expires_at", ">", at)
    .executeTakeFirst();
}

/**
 * Closes pending offers of this role to this wallet at this outlet that expired by `at`, so a new offer
 * can take their place under the unique index (one pending offer per outlet, wallet and role).
 */
export async function expireRoleOffers(db: DbOrTrx, outletId: number, wallet: string, roleId: number, at: number): Promise<void> {
  await db
    .updateTable("role_offers")
    .set({ status: "expired", closed_at: at, closed_by: null })
    .where("outlet_id", "=", outletId)
    .where("wallet", "=", wallet)
    .where("role_id", "=", roleId)
    .where("status", "=", "pending")
    .where("expires_at", "<=", at)
    .execute();
}

/** Open offers to a wallet (optionally at one outlet), or at an outlet, oldest first, with each outlet's name. */
export async function listOpenRoleOffers(db: DbOrTrx, filter: { wallet?: string; outletId?: number }, at: number): Promise<Array<RoleOfferRow & { outlet_name: string }>> {
  let query = db
    .selectFrom("role_offers")
    .innerJoin("outlets", "outlets.id", "role_offers.outlet_id")
    .selectAll("role_offers")
    .select("outlets.name as outlet_name")
    .where("role_offers.status", "=", "pending")
    .where("role_offers.expires_at", ">", at);
  if (filter.wallet !== undefined) query = query.where("role_offers.wallet", "=", filter.wallet);
  if (filter.outletId !== undefined) query = query.where("role_offers.outlet_id", "=", filter.outletId);
  return query.orderBy("role_offers.id", "asc").limit(200).execute();
}

/** Closes a still-pending offer; undefined when another request closed it first. */
export async function closeRoleOffer(db: DbOrTrx, id: number, status: Exclude<RoleOfferStatus, "pending">, by: string, at: number): Promise<RoleOfferRow | undefined> {
  return db
    .updateTable("role_offers")
    .set({ status, closed_at: at, closed_by: by })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** The status of each of these offers, by id (an inbox entry of an offer says how it was answered). */
export async function roleOfferStatuses(db: DbOrTrx, ids: number[]): Promise<Map<number, RoleOfferStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("role_offers").select(["id", "status"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.status]));
}

/**
 * When offers of this role to this wallet at this outlet were withdrawn since `since`, by a wallet (the offering side):
 * offers the bridge closed itself (closed_by null) are not counted (lib/roles/offer-repeats.ts).
 */
export async function roleOfferWithdrawalsSince(db: DbOrTrx, outletId: number, wallet: string, roleId: number, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom("role_offers")
    .select("closed_at")
    .where("outlet_id", "=", outletId)
    .where("wallet", "=", wallet)
    .where("role_id", "=", roleId)
    .where("status", "=", "withdrawn")
    .where("closed_by", "is not", null)
    .where("closed_at", ">", since)
    .execute();
  return rows.map((row) => Number(row.closed_at));
}

/**
 * Closes the open offers `offeredBy` made at the outlet of these roles, as withdrawn by nobody (closed_by null: the
 * bridge closed them, the ownership or role they rested on having ended), and answers them.
 */
export async function closeOpenRoleOffersBy(db: DbOrTrx, outletId: number, offeredBy: string, roleIds: readonly number[], at: number): Promise<RoleOfferRow[]> {
  if (roleIds.length === 0) return [];
  return db
    .updateTable("role_offers")
    .set({ status: "withdrawn", closed_at: at, closed_by: null })
    .where("outlet_id", "=", outletId)
    .where("offered_by", "=", offeredBy)
    .where("role_id", "in", [...roleIds])
    .where("status", "=", "pending")
    .where("expires_at", ">", at)
    .returningAll()
    .execute();
}
