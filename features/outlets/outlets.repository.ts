import type { DbOrTrx } from "@/lib/db/database";
import type { NewOutlet, OutletRow, OutletStatus, OutletUpdate } from "@/lib/db/tables/outlets.table";
import { AppError } from "@/lib/errors/app-error";
import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";
import { nameSkeletons } from "@/lib/outlets/name-skeleton";

export async function findOutletBySlug(db: DbOrTrx, slug: string): Promise<OutletRow | undefined> {
  return db.selectFrom("outlets").selectAll().where("slug", "=", slug).executeTakeFirst();
}

export async function findOutletById(db: DbOrTrx, id: number): Promise<OutletRow | undefined> {
  return db.selectFrom("outlets").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The outlet a stored row points at; its absence means the database is inconsistent, not a bad request. */
export async function getOutletByIdOrThrow(db: DbOrTrx, id: number): Promise<OutletRow> {
  const outlet = await findOutletById(db, id);
  if (!outlet) throw new Error(`outlet ${id} is referenced but missing`);
  return outlet;
}

export async function getOutletBySlugOrThrow(db: DbOrTrx, slug: string): Promise<OutletRow> {
  const outlet = await findOutletBySlug(db, slug);
  if (!outlet) throw new AppError("OUTLET_NOT_FOUND", `No outlet with slug "${slug}"`);
  return outlet;
}

/** How many outlets `owner` registered whose domain was never verified (pending since their creation). */
export async function countNeverVerifiedOutletsOf(db: DbOrTrx, owner: string): Promise<number> {
  const row = await db
    .selectFrom("outlets")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("owner_wallet", "=", owner)
    .where("first_verified_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOutlet(db: DbOrTrx, values: NewOutlet): Promise<OutletRow> {
  return db.insertInto("outlets").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts unless the slug exists (concurrent first starts), with its name's look-alike forms; true when this call created it. */
export async function insertOutletIfAbsent(db: DbOrTrx, values: NewOutlet): Promise<boolean> {
  const inserted = await db
    .insertInto("outlets")
    .values(values)
    .onConflict((oc) => oc.column("slug").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) await claimNameSkeletons(db, inserted.id, values.name);
  return inserted !== undefined;
}

/**
 * Stores the look-alike forms of outlet `outletId`'s name (lib/outlets/name-skeleton.ts), each unless another outlet
 * holds it: the primary key decides, also between transactions at once. True when every form was free; false means
 * the name looks like another outlet's, and the caller refuses it (rolling its transaction back).
 */
export async function claimNameSkeletons(db: DbOrTrx, outletId: number, name: string): Promise<boolean> {
  const forms = nameSkeletons(name);
  const stored = await db
    .insertInto("outlet_name_skeletons")
    .values(forms.map((skeleton) => ({ skeleton, outlet_id: outletId })))
    .onConflict((oc) => oc.column("skeleton").doNothing())
    .returning("skeleton")
    .execute();
  return stored.length === forms.length;
}

export async function updateOutlet(db: DbOrTrx, id: number, changes: OutletUpdate): Promise<OutletRow> {
  return db.updateTable("outlets").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function listOutlets(
  db: DbOrTrx,
  filter: { status?: OutletStatus; offset: number; limit: number },
): Promise<{ rows: OutletRow[]; total: number }> {
  let base = db.selectFrom("outlets");
  if (filter.status) base = base.where("status", "=", filter.status);
  const rows = await base.selectAll().orderBy("id", "asc").offset(filter.offset).limit(filter.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The outlets that publish: active, and not the court's own outlet. */
const publishingOutlets = (db: DbOrTrx) => db.selectFrom("outlets").where("status", "=", "active").where("slug", "!=", COURT_OUTLET_SLUG);

/** The publishing outlets readers can filter by, by name. */
export async function listReaderOutlets(db: DbOrTrx): Promise<Array<{ slug: string; name: string }>> {
  return publishingOutlets(db).select(["slug", "name"]).orderBy("name").execute();
}

/** One page of the active publishing outlets (the court's own outlet aside), oldest first, and how many there are. */
export async function pageOfPublishingOutlets(db: DbOrTrx, options: { outlet?: string; offset: number; limit: number }): Promise<{ rows: OutletRow[]; total: number }> {
  let base = publishingOutlets(db);
  if (options.outlet) base = base.where("slug", "=", options.outlet);
  const rows = await base.selectAll().orderBy("id", "asc").offset(options.offset).limit(options.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The outlet's slug and name (a feed's title), or undefined for an unknown slug. */
export async function outletTitleOf(db: DbOrTrx, slug: string): Promise<{ slug: string; name: string } | undefined> {
  return db.selectFrom("outlets").select(["slug", "name"]).where("slug", "=", slug).executeTakeFirst();
}

/**
 * The outlet, of any status (the court's own too), whose name shares a look-alike form with `name`, one indexed read
 * of outlet_name_skeletons; the oldest when several do. Undefined when the name looks like none. `except`: an outlet
 * not to count (the one being created, which may hold one of the forms already).
 */
export async function outletResembling(db: DbOrTrx, name: string, except?: number): Promise<{ slug: string; name: string } | undefined> {
  let query = db
    .selectFrom("outlet_name_skeletons")
    .innerJoin("outlets", "outlets.id", "outlet_name_skeletons.outlet_id")
    .select(["outlets.slug", "outlets.name"])
    .where("outlet_name_skeletons.skeleton", "in", nameSkeletons(name));
  if (except !== undefined) query = query.where("outlets.id", "!=", except);
  return query
    .orderBy("outlets.id", "asc")
    .limit(1)
    .executeTakeFirst();
}

/** The names of these outlets by slug. */
export async function outletNamesOf(db: DbOrTrx, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  return new Map((await db.selectFrom("outlets").select(["slug", "name"]).where("slug", "in", [...new Set(slugs)]).execute()).map((o) => [o.slug, o.name]));
}
