import "server-only";
import { sql } from "kysely";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow, CapsuleStatus } from "@/lib/db/tables/capsules.table";
import { hiddenFrom, visibleTo, type Viewer } from "@/features/capsules/draft-visibility.repository";

// GET /api/capsules without a status filter (all capsules, or one outlet's), newest first, without
// work in proportion to the table on every request. `count(*)` and `OFFSET n` scan (measured with
// 100,000 capsules: count(*) ~10 ms on PostgreSQL, OFFSET 99,980 ~50 ms and more on both dialects;
// docs/PERFORMANCE.md), so each process keeps, per filter, a snapshot of the rows up to a boundary id:
//   - their count: total = that count + the rows above the boundary (a primary-key range, the tail);
//   - anchors (id, position among those rows) STEP rows apart, found on demand, so a deep page
//     starts at the nearest anchor and walks fewer than STEP rows. All the anchors a page needs come
//     from one recursive query (2,000 of them for the last page of a million capsules).
// Exact because capsules are never deleted and never change outlet, and ids only grow: the rows at
// or below the boundary keep their number and order, and new rows all land in the tail. The
// boundary stays TAIL ids below the largest id, so a PostgreSQL insert that took its id earlier
// but commits later still lands in the tail. A snapshot is retaken after MAX_AGE_MS all the same.
// Capsules that never reached the chain (drafts, withdrawn drafts) are private, so the snapshot counts
// every row and each request subtracts those hidden from its reader (few, read on a partial index): a page walks
// from an anchor over the visible rows only, starting at the anchor's position less the hidden rows
// above it. With more than MAX_HIDDEN hidden drafts the page is read directly (exact, slower).

const TAIL = 500;
const MAX_TAIL = 2_000;
export const STEP = 500;
const MAX_AGE_MS = 10 * 60_000;
const MAX_FILTERS = 200;
const MAX_HIDDEN = 2_000;

type Filter = { outletSlug?: string; status?: CapsuleStatus };
export type Anchor = { id: number; position: number };
/** Anchors found so far, and the walk that is finding more (one at a time per holder). */
export type Anchored = { anchors: Anchor[]; extending: Promise<void> };
type Snapshot = Anchored & { boundary: number; count: number; takenAt: number; moving?: boolean };

const cache = new WeakMap<Db, Map<string, Promise<Snapshot>>>();

function capsules(db: Db, filter: Filter) {
  const base = db.selectFrom("capsules");
  const ofOutlet = filter.outletSlug === undefined ? base : base.where("outlet_slug", "=", filter.outletSlug);
  return filter.status === undefined ? ofOutlet : ofOutlet.where("status", "=", filter.status);
}

async function countBetween(db: Db, filter: Filter, above: number, atMost?: number): Promise<{ n: number; top: number }> {
  let query = capsules(db, filter).where("id", ">", above);
  if (atMost !== undefined) query = query.where("id", "<=", atMost);
  const row = await query
    .select((eb) => [eb.fn.countAll<string | number>().as("n"), eb.fn.max<number | null>("id").as("top")])
    .executeTakeFirstOrThrow();
  return { n: Number(row.n), top: Number(row.top ?? 0) };
}

/**
 * The filter's rows at or below `boundary`: all of its rows less those above, in one statement (one
 * view of the table). SQLite counts a whole table from its smallest index, but a rowid range from
 * the table's own pages, every column of every row.
 */
async function countUpTo(db: Db, filter: Filter, boundary: number): Promise<number> {
  const all = capsules(db, filter).select((eb) => eb.fn.countAll().as("n"));
  const above = capsules(db, filter).where("id", ">", boundary).select((eb) => eb.fn.countAll().as("n"));
  const row = await db.selectNoFrom(sql<string | number>`(${all}) - (${above})`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function takeSnapshot(db: Db, filter: Filter): Promise<Snapshot> {
  const row = await db.selectFrom("capsules").select((eb) => eb.fn.max<number | null>("id").as("top")).executeTakeFirstOrThrow();
  const boundary = Math.max(0, Number(row.top ?? 0) - TAIL);
  return { boundary, count: await countUpTo(db, filter, boundary), anchors: [], takenAt: Date.now(), extending: Promise.resolve() };
}

/** The first row at or below `boundary`, or the newest without one (position 0 among the rows anchored). */
async function firstAtOrBelow(db: Db, filter: Filter, boundary: number | undefined): Promise<number | undefined> {
  const all = capsules(db, filter).select("id");
  const row = await (boundary === undefined ? all : all.where("id", "<=", boundary)).orderBy("id", "desc").limit(1).executeTakeFirst();
  return row?.id;
}

/**
 * The anchors after `from`, STEP rows apart, down to the last one at or before position `upTo`
 * (or the rows' end). One recursive query steps over the id index from anchor to anchor (each step
 * an `OFFSET STEP - 1` below the previous id): the walk of one query per anchor, without a round
 * trip per anchor (2,000 of them to reach the last page of a million capsules).
 */
export async function anchorsAfter(db: Db, filter: Filter, from: Anchor, upTo: number): Promise<Anchor[]> {
  if (from.position + STEP > upTo) return [];
  const { outletSlug, status } = filter;
  const rows = await db
    .withRecursive("anchors(id, position)", (qb) =>
      qb
        .selectNoFrom([sql<number | null>`cast(${from.id} as integer)`.as("id"), sql<number>`cast(${from.position} as integer)`.as("position")])
        .unionAll((step) =>
          step
            .selectFrom("anchors")
            .select((eb) => [
              eb
                .selectFrom("capsules")
                .select("capsules.id")
                .$if(outletSlug !== undefined, (q) => q.where("capsules.outlet_slug", "=", outletSlug ?? ""))
                .$if(status !== undefined, (q) => q.where("capsules.status", "=", status ?? "draft"))
                .whereRef("capsules.id", "<", "anchors.id")
                .orderBy("capsules.id", "desc")
                .offset(STEP - 1)
                .limit(1)
                .as("id"),
              eb("anchors.position", "+", STEP).as("position"),
            ])
            .where("anchors.id", "is not", null)
            .where((eb) => eb(eb("anchors.position", "+", STEP), "<=", upTo)),
        ),
    )
    .selectFrom("anchors")
    .select(["id", "position"])
    .where("id", "is not", null)
    .where("position", ">", from.position)
    .orderBy("position", "asc")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), position: Number(r.position) }));
}

/** Anchors from position 0 (the first row at or below `boundary`, or the newest) down to position `upTo`. */
async function anchorsFromTop(db: Db, filter: Filter, boundary: number | undefined, upTo: number): Promise<Anchor[]> {
  const id = await firstAtOrBelow(db, filter, boundary);
  if (id === undefined) return [];
  const first = { id, position: 0 };
  return [first, ...(await anchorsAfter(db, filter, first, upTo))];
}

/**
 * The same rows with the boundary moved up to `boundary`. The rows in between go in front of every
 * anchor; they get anchors of their own, so that anchors still start at position 0 and lie at
 * most STEP apart.
 */
async function moveBoundary(db: Db, filter: Filter, from: Snapshot, boundary: number): Promise<Snapshot> {
  const { n } = await countBetween(db, filter, from.boundary, boundary);
  const anchors: Anchor[] = [];
  if (from.anchors.length > 0) {
    if (n > 0) anchors.push(...(await anchorsFromTop(db, filter, boundary, n - 1)));
    anchors.push(...from.anchors.map((a) => ({ id: a.id, position: a.position + n })));
  }
  return { boundary, count: from.count + n, anchors, takenAt: from.takenAt, extending: Promise.resolve() };
}

function snapshotsOf(db: Db): Map<string, Promise<Snapshot>> {
  let byFilter = cache.get(db);
  if (!byFilter) cache.set(db, (byFilter = new Map()));
  return byFilter;
}

/** One snapshot per filter, shared by concurrent requests (taken once, not once per request). */
async function currentSnapshot(db: Db, filter: Filter): Promise<Snapshot> {
  const byFilter = snapshotsOf(db);
  const key = filter.outletSlug ?? "*";
  const pending = byFilter.get(key);
  const existing = pending ? await pending.catch(() => undefined) : undefined;
  if (existing && Date.now() - existing.takenAt < MAX_AGE_MS) return existing;
  if (byFilter.get(key) !== pending) return currentSnapshot(db, filter); // another request replaced it meanwhile
  if (byFilter.size >= MAX_FILTERS) byFilter.delete(byFilter.keys().next().value ?? key);
  const next = takeSnapshot(db, filter);
  byFilter.set(key, next);
  return next;
}

function replaceSnapshot(db: Db, filter: Filter, from: Snapshot, top: number): void {
  if (from.moving) return;
  from.moving = true;
  const byFilter = snapshotsOf(db);
  const key = filter.outletSlug ?? "*";
  const next = moveBoundary(db, filter, from, top - TAIL);
  byFilter.set(key, next);
  next.catch(() => byFilter.get(key) === next && byFilter.delete(key));
}

/**
 * Adds anchors STEP rows apart after the last one (from position 0: the first row at or below
 * `boundary`, or the newest row without one) until one lies within STEP rows before `position`, or
 * the rows end. Walks of one holder run one after the other.
 */
export function extendAnchors(db: Db, filter: Filter, anchored: Anchored, position: number, boundary?: number): Promise<void> {
  const run = anchored.extending
    .catch(() => undefined)
    .then(async () => {
      const last = anchored.anchors[anchored.anchors.length - 1];
      if (last && last.position + STEP > position) return;
      anchored.anchors.push(...(last ? await anchorsAfter(db, filter, last, position) : await anchorsFromTop(db, filter, boundary, position)));
    });
  anchored.extending = run;
  return run;
}

/** One page (offset, limit) of the filter's capsules this reader may see, newest first, and their total. */
export async function snapshotPage(db: Db, filter: Filter, page: { offset: number; limit: number }, viewer: Viewer): Promise<{ rows: CapsuleRow[]; total: number }> {
  const hidden = (await capsules(db, filter).select("id").where(hiddenFrom(viewer)).orderBy("id", "desc").limit(MAX_HIDDEN + 1).execute()).map((r) => r.id);
  const visible = () => capsules(db, filter).where(visibleTo(viewer));
  if (hidden.length > MAX_HIDDEN) {
    const rows = await visible().selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit).execute();
    const count = await visible().select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  }
  const snapshot = await currentSnapshot(db, filter);
  const tail = await countBetween(db, filter, snapshot.boundary);
  if (tail.top - snapshot.boundary > MAX_TAIL) replaceSnapshot(db, filter, snapshot, tail.top); // for the next requests
  const total = snapshot.count + tail.n - hidden.length;
  const position = page.offset - tail.n; // among all rows at or below the boundary (a lower bound: hidden rows only push it further)
  if (position < STEP) {
    const rows = await visible().selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit).execute();
    return { rows, total };
  }
  if (page.offset >= total) return { rows: [], total };
  await extendAnchors(db, filter, snapshot, position, snapshot.boundary);
  let anchor: Anchor | undefined;
  for (const a of snapshot.anchors) if (a.position <= position) anchor = a;
  if (!anchor) return { rows: [], total };
  const hiddenAbove = hidden.filter((id) => id > anchor.id).length;
  const visibleAbove = tail.n + anchor.position - hiddenAbove; // visible rows newer than the anchor
  const rows = await visible()
    .selectAll()
    .where("id", "<=", anchor.id)
    .orderBy("id", "desc")
    .offset(page.offset - visibleAbove)
    .limit(page.limit)
    .execute();
  return { rows, total };
}
