import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/database";
import type { CapsuleStatus } from "@/lib/db/tables/capsules.table";
import { insertCapsuleRows, listCapsule, LIST_OUTLETS, useListDatabase } from "@/test/support/capsule-list-fixture";
import { postgresAvailable } from "@/test/support/postgres";
import { snapshotPage } from "./capsule-list-snapshot.repository";
import { capsulePageRows } from "@/features/capsules/capsule-queries";
import { visibleTo, type Viewer } from "@/features/capsules/draft-visibility.repository";

// The snapshot must give exactly what `ORDER BY id DESC OFFSET n` and `count(*)` give, at every
// depth, for all capsules and per outlet, before and after new capsules move its boundary, for an
// anonymous reader (drafts left out), a draft's author and an outlet's Editor, also after drafts
// below the boundary are submitted.

const AUTHOR_A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const AUTHOR_B = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

const dialects: Array<"sqlite" | "postgres"> = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];
const outlets = LIST_OUTLETS;

const insertCapsules = (db: Db, count: number, outletIds: number[], draftEvery = 5) =>
  insertCapsuleRows(db, count, (n) =>
    listCapsule(n, outletIds, {
      article_slug: `story-${n}-${Math.random().toString(36).slice(2)}`,
      status: n % draftEvery === 0 ? "draft" : "finalized",
      submitter: n % 2 === 0 ? AUTHOR_A : AUTHOR_B,
      submit_tx_hash: null,
    }),
  );

async function reference(db: Db, outletSlug: string | undefined, offset: number, limit: number, viewer: Viewer, status?: CapsuleStatus) {
  let base = db.selectFrom("capsules").where(visibleTo(viewer));
  if (outletSlug) base = base.where("outlet_slug", "=", outletSlug);
  if (status) base = base.where("status", "=", status);
  const rows = await base.select("id").orderBy("id", "desc").offset(offset).limit(limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

let viewers: Viewer[] = [];

async function expectPagesLikeOffset(db: Db, offsetsOf: (total: number) => number[]) {
  for (const [who, viewer] of viewers.entries()) {
    for (const outletSlug of [undefined, ...outlets]) {
      const total = (await reference(db, outletSlug, 0, 1, viewer)).total;
      for (const offset of offsetsOf(total).filter((o) => o >= 0)) {
        const expected = await reference(db, outletSlug, offset, 20, viewer);
        const got = await snapshotPage(db, { outletSlug }, { offset, limit: 20 }, viewer);
        expect({ who, outletSlug, offset, ids: got.rows.map((r) => r.id), total: got.total }).toEqual({ who, outletSlug, offset, ...expected });
      }
    }
  }
}

const expectSameAsOffset = (db: Db) => expectPagesLikeOffset(db, (total) => [0, 19, 480, 499, 500, 520, 999, 1000, 1234, 1999, 2500, total - 25, total - 1, total, total + 40]);

/** For a describe block: the list database with `rows` capsules (one in `draftEvery` a draft), and the readers of its drafts. */
const useSnapshotDatabase = (dialect: "sqlite" | "postgres", rows = 0, draftEvery = 5) =>
  useListDatabase(dialect, async (ctx) => {
    viewers = [undefined, { wallet: AUTHOR_A, editorOutletIds: [] }, { wallet: AUTHOR_B, editorOutletIds: [ctx.outletIds[1]!] }];
    if (rows > 0) await insertCapsules(ctx.handle.db, rows, ctx.outletIds, draftEvery);
  });

describe.each(dialects)("capsule list snapshot on %s", (dialect) => {
  const ctx = useSnapshotDatabase(dialect);

  it("answers small tables like OFFSET and count(*)", async () => {
    await insertCapsules(ctx.handle.db, 30, ctx.outletIds);
    await expectSameAsOffset(ctx.handle.db);
  }, 60_000);

  it("answers deep pages of a large table from anchors, exactly", async () => {
    await insertCapsules(ctx.handle.db, 3_000, ctx.outletIds);
    await expectSameAsOffset(ctx.handle.db);
  }, 180_000);

  it("stays exact while new capsules arrive and the boundary moves up", async () => {
    await insertCapsules(ctx.handle.db, 40, ctx.outletIds);
    await expectSameAsOffset(ctx.handle.db);
    await insertCapsules(ctx.handle.db, 2_600, ctx.outletIds); // past the tail limit: the next request moves the boundary
    await expectSameAsOffset(ctx.handle.db);
    await expectSameAsOffset(ctx.handle.db);
  }, 240_000);

  it("stays exact when drafts deep below the boundary are submitted", async () => {
    const old = await ctx.handle.db.selectFrom("capsules").select("id").where("status", "=", "draft").orderBy("id", "asc").limit(150).execute();
    await ctx.handle.db.updateTable("capsules").set({ status: "pending" }).where("id", "in", old.map((r) => r.id)).execute();
    await expectSameAsOffset(ctx.handle.db);
  }, 240_000);
});

/** `db` with a count of the statements run through it; a new instance also gets snapshots of its own (they are kept per Db). */
function counting(db: Db): { db: Db; statements: number } {
  const counter = { db, statements: 0 };
  counter.db = db.withPlugin({
    transformQuery: (args) => {
      counter.statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return counter;
}

// 30,000 capsules, one in 50 a draft (fewer hidden drafts than MAX_HIDDEN, so every reader's pages
// come from anchors): 60 anchors down to the last page. The anchors are found by one recursive query
// per extension, not one query each, so a cold last page costs a handful of statements; and the
// pages are the ones OFFSET gives at every depth, whichever order the depths are asked in.
describe.each(dialects)("capsule list snapshot of a deep table on %s", (dialect) => {
  const ctx = useSnapshotDatabase(dialect, 30_000, 50);

  it("reaches the last page of a cold snapshot in a few statements, not one per anchor", async () => {
    for (const outletSlug of [undefined, outlets[1]]) {
      const counted = counting(ctx.handle.db);
      const total = (await reference(ctx.handle.db, outletSlug, 0, 1, undefined)).total;
      const got = await snapshotPage(counted.db, { outletSlug }, { offset: total - 20, limit: 20 }, undefined);
      expect(got).toMatchObject({ total });
      expect(got.rows.map((r) => r.id)).toEqual((await reference(ctx.handle.db, outletSlug, total - 20, 20, undefined)).ids);
      expect(counted.statements, `statements for ${outletSlug ?? "all capsules"}`).toBeLessThan(10); // one query per anchor would be 40–60 more
    }
  }, 60_000);

  it("answers every depth exactly, anchors extended downwards step by step or all at once", async () => {
    const spread = (total: number) => Array.from({ length: 12 }, (_, i) => Math.floor((i * total) / 11)).concat([total - 1, total + 5]);
    await expectPagesLikeOffset(counting(ctx.handle.db).db, spread);
    await expectPagesLikeOffset(counting(ctx.handle.db).db, (total) => spread(total).reverse());
  }, 240_000);

  it("answers status-filtered pages like the plain query, drafts only for who may see them", async () => {
    for (const [who, viewer] of viewers.entries()) {
      for (const outlet of [undefined, outlets[1]]) {
        for (const status of ["finalized", "draft"] as const) {
          const total = (await reference(ctx.handle.db, outlet, 0, 1, viewer, status)).total;
          for (const page of new Set([1, 2, Math.ceil(total / 40), Math.ceil(total / 20), Math.ceil(total / 20) + 1].filter((p) => p >= 1))) {
            const expected = await reference(ctx.handle.db, outlet, (page - 1) * 20, 20, viewer, status);
            const got = await capsulePageRows(ctx.handle.db, { outlet, status, page, limit: 20 }, viewer);
            expect({ who, outlet, status, page, ids: got.rows.map((r) => r.id), total: got.total }).toEqual({ who, outlet, status, page, ...expected });
          }
        }
      }
    }
  }, 120_000);

  it("stays exact after thousands of new capsules move the boundary past many anchors", async () => {
    const db = counting(ctx.handle.db).db;
    const deep = (total: number) => [0, 1_999, 3_000, 4_480, 5_001, 9_999, Math.floor(total / 2), total - 20];
    await expectPagesLikeOffset(db, deep);
    await insertCapsules(ctx.handle.db, 5_000, ctx.outletIds, 50);
    await expectPagesLikeOffset(db, deep);
    await expectPagesLikeOffset(db, deep);
  }, 240_000);
});
