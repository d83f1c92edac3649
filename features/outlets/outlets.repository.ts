import type { DbOrTrx } from "@/lib/db/database";
import type { NewOutlet, OutletRow, OutletStatus, OutletUpdate } from "@/lib/db/tables/outlets.table";
import { AppError } from "@/lib/errors/app-error";
import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";

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

/** Inserts unless the slug exists (concurrent first starts); true when this call created it. */
export async function insertOutletIfAbsent(db: DbOrTrx, values: NewOutlet): Promise<boolean> {
  const result = await db
    .insertInto("outlets")
    .values(values)
    .onConflict((oc) => oc.column("slug").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
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

/** Every outlet's slug and name, the court's own and pending ones too, oldest first (the look-alike check on a new name). */
export async function listOutletNames(db: DbOrTrx): Promise<Array<{ slug: string; name: string }>> {
  return db.selectFrom("outlets").select(["slug", "name"]).orderBy("id", "asc").execute();
}

/** The names of these outlets by slug. */
export async function outletNamesOf(db: DbOrTrx, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  return new Map((await db.selectFrom("outlets").select(["slug", "name"]).where("slug", "in", [...new Set(slugs)]).execute()).map((o) => [o.slug, o.name]));
}
