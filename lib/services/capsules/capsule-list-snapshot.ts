import "server-only";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { hiddenFrom, visibleTo, type Viewer } from "@/lib/db/draft-visibility";

// GET /api/capsules without a status filter (all capsules, or one outlet's), newest first, without
// work in proportion to the table on every request. `count(*)` and `OFFSET n` scan (measured with
// 100,000 capsules: count(*) ~10 ms on PostgreSQL, OFFSET 99,980 ~50 ms and more on both dialects;
// docs/PERFORMANCE.md), so each process keeps, per filter, a snapshot of the rows up to a boundary id:
//   - their count: total = that count + the rows above the boundary (a primary-key range, the tail);
//   - anchors (id, position among those rows) STEP rows apart, found on demand, so a deep page
//     starts at the nearest anchor and walks fewer than STEP rows.
// Exact because capsules are never deleted and never change outlet, and ids only grow: the rows at
// or below the boundary keep their number and order, and new rows all land in the tail. The
// boundary stays TAIL ids below the largest id, so a PostgreSQL insert that took its id earlier
// but commits later still lands in the tail. A snapshot is retaken after MAX_AGE_MS all the same.
// Drafts are private and stop being drafts when submitted, so the snapshot counts every row and each
// request subtracts the drafts hidden from its reader (few, read on the status index): a page walks
// from an anchor over the visible rows only, starting at the anchor's position less the hidden rows
// above it. With more than MAX_HIDDEN hidden drafts the page is read directly (exact, slower).

const TAIL = 500;
const MAX_TAIL = 2_000;
const STEP = 500;
const MAX_AGE_MS = 10 * 60_000;
const MAX_FILTERS = 200;
const MAX_HIDDEN = 2_000;

type Filter = { outletSlug?: string };
type Anchor = { id: number; position: number };
type Snapshot = { boundary: number; count: number; anchors: Anchor[]; takenAt: number; extending: Promise<void>; moving?: boolean };

const cache = new WeakMap<Db, Map<string, Promise<Snapshot>>>();

function capsules(db: Db, filter: Filter) {
  const base = db.selectFrom("capsules");
  return filter.outletSlug === undefined ? base : base.where("outlet_slug", "=", filter.outletSlug);
}

async function countBetween(db: Db, filter: Filter, above: number, atMost?: number): Promise<{ n: number; top: number }> {
  let query = capsules(db, filter).where("id", ">", above);
  if (atMost !== undefined) query = query.where("id", "<=", atMost);
  const row = await query
    .select((eb) => [eb.fn.countAll<string | number>().as("n"), eb.fn.max<number | null>("id").as("top")])
    .executeTakeFirstOrThrow();
  return { n: Number(row.n), top: Number(row.top ?? 0) };
}

async function takeSnapshot(db: Db, filter: Filter): Promise<Snapshot> {
  const { top } = await countBetween(db, {}, 0);
  const boundary = Math.max(0, top - TAIL);
  const { n } = await countBetween(db, filter, 0, boundary);
  return { boundary, count: n, anchors: [], takenAt: Date.now(), extending: Promise.resolve() };
}

/** The id `skip` rows after (older than) the row `fromId`, itself included when skip is 0. */
async function idAfter(db: Db, filter: Filter, fromId: number, skip: number): Promise<number | undefined> {
  const row = await capsules(db, filter).select("id").where("id", "<=", fromId).orderBy("id", "desc").offset(skip).limit(1).executeTakeFirst();
  return row?.id;
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
    for (let position = 0; position < n; position += STEP) {
      const id = await idAfter(db, filter, anchors[anchors.length - 1]?.id ?? boundary, anchors.length === 0 ? 0 : STEP);
      if (id === undefined) break;
      anchors.push({ id, position });
    }
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

/** Adds anchors STEP rows apart after the last one (from position 0) until one lies within STEP rows before `position`, or the rows end. */
function extendAnchors(db: Db, filter: Filter, snapshot: Snapshot, position: number): Promise<void> {
  const run = snapshot.extending
    .catch(() => undefined)
    .then(async () => {
      for (;;) {
        const last = snapshot.anchors[snapshot.anchors.length - 1];
        if (last && last.position + STEP > position) return;
        const id = await idAfter(db, filter, last?.id ?? snapshot.boundary, last ? STEP : 0);
        if (id === undefined) return;
        snapshot.anchors.push({ id, position: last ? last.position + STEP : 0 });
      }
    });
  snapshot.extending = run;
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
  await extendAnchors(db, filter, snapshot, position);
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
