import "server-only";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow, CapsuleStatus } from "@/lib/db/tables/capsules.table";
import { publicRows } from "@/features/capsules/draft-visibility.repository";
import { extendAnchors, STEP, type Anchor, type Anchored } from "./capsule-list-snapshot.repository";

// GET /api/capsules?status=… (any status but draft, whose rows depend on the reader; only the public
// rows: a signed reader's list of rejected capsules, which may hold its withdrawn drafts, is read directly; with or without
// an outlet), without a count(*) of the status and a walk to the offset on every request (190–230 ms
// and 400–500 ms at a million capsules; docs/PERFORMANCE.md). Per process and filter, the count and
// anchors (id, position) STEP rows apart are kept under the list version: one row that triggers move
// in the same transaction as any insert, delete, status or outlet change of a capsule (migration
// 2026-11-27-0200), from any writer and any process. A request reads the version (one row); while
// it has not moved, the count is exact and a deep page walks fewer than STEP rows from an anchor.
// A moved version drops the entry: the next request counts again (once per version, not per request).
// An entry taken a moment after its version may hold a later write (the version is read first):
// only requests that read the older version while that write committed can see it, as they could
// with the plain query, and the first request after the write reads a newer version and recounts.

type Filter = { outletSlug?: string; status: Exclude<CapsuleStatus, "draft"> };
type Entry = Anchored & { version: number; count: number };

const MAX_FILTERS = 200;
const cache = new WeakMap<Db, Map<string, Promise<Entry>>>();

const keyOf = (filter: Filter) => `${filter.status}\u0000${filter.outletSlug ?? ""}`;

export async function listVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("capsule_list_version").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The filter's public rows: a withdrawn draft (rejected, never on chain) is left out (it is private; capsule-queries.ts). */
function rowsOf(db: Db, filter: Filter) {
  const base = db.selectFrom("capsules").where("status", "=", filter.status).where(publicRows);
  return filter.outletSlug === undefined ? base : base.where("outlet_slug", "=", filter.outletSlug);
}

function entriesOf(db: Db): Map<string, Promise<Entry>> {
  let entries = cache.get(db);
  if (!entries) cache.set(db, (entries = new Map()));
  return entries;
}

/** The filter's entry of this version or a newer one, shared by concurrent requests (counted once). */
async function entryFor(db: Db, filter: Filter, version: number): Promise<Entry> {
  const entries = entriesOf(db);
  const key = keyOf(filter);
  const pending = entries.get(key);
  const existing = pending ? await pending.catch(() => undefined) : undefined;
  if (existing && existing.version >= version) return existing;
  if (entries.get(key) !== pending) return entryFor(db, filter, version); // another request replaced it meanwhile
  if (!pending && entries.size >= MAX_FILTERS) entries.delete(entries.keys().next().value ?? key);
  const next = rowsOf(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((row): Entry => ({ version, count: Number(row.n), anchors: [], extending: Promise.resolve() }));
  entries.set(key, next);
  next.catch(() => entries.get(key) === next && entries.delete(key));
  return next;
}

/** `limit` rows of the filter from `skip` rows below `atOrBelow` (or the newest), the skipped rows walked for their ids only. */
async function rowsFrom(db: Db, filter: Filter, atOrBelow: number | undefined, skip: number, limit: number): Promise<CapsuleRow[]> {
  let ids = rowsOf(db, filter).select("id");
  if (atOrBelow !== undefined) ids = ids.where("id", "<=", atOrBelow);
  const page = ids.orderBy("id", "desc").offset(skip).limit(limit);
  return db.selectFrom("capsules").selectAll().where("id", "in", page).orderBy("id", "desc").execute();
}

/** One page (offset, limit) of the capsules of one status (and outlet), newest first, and their total: what `OFFSET` and `count(*)` give. */
export async function statusPage(db: Db, filter: Filter, page: { offset: number; limit: number }): Promise<{ rows: CapsuleRow[]; total: number }> {
  const entry = await entryFor(db, filter, await listVersion(db));
  const total = entry.count;
  if (page.offset < STEP) return { rows: await rowsFrom(db, filter, undefined, page.offset, page.limit), total };
  if (page.offset >= total) return { rows: [], total };
  await extendAnchors(db, filter, entry, page.offset);
  let anchor: Anchor | undefined;
  for (const a of entry.anchors) if (a.position <= page.offset) anchor = a;
  if (!anchor) return { rows: [], total };
  return { rows: await rowsFrom(db, filter, anchor.id, page.offset - anchor.position, page.limit), total };
}
