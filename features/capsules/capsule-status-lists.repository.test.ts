import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/database";
import type { CapsuleStatus } from "@/lib/db/tables/capsules.table";
import { setTallies, updateCapsule } from "@/features/capsules/capsules.repository";
import { resetCapsuleProjection } from "@/features/capsules/capsules.projector";
import { publicRows } from "@/features/capsules/draft-visibility.repository";
import { insertCapsuleRows, listCapsule, LIST_OUTLETS, useListDatabase } from "@/test/support/capsule-list-fixture";
import { postgresAvailable } from "@/test/support/postgres";
import { listVersion, statusPage } from "./capsule-status-lists.repository";
import { capsulePageRows } from "@/features/capsules/capsule-queries";

// Status-filtered lists keep their count and anchors under the list version: they must give exactly
// what `OFFSET n` and `count(*)` give at every depth, on a warm cache, after status changes, new
// capsules, writes through another connection (another process) and a rebuild's reset and replay.

const dialects: Array<"sqlite" | "postgres"> = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];
const outlets = LIST_OUTLETS;
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const statuses = ["finalized", "pending", "rejected"] as const;
type PublicStatus = (typeof statuses)[number];
// one in 7 a draft, three finalized, one each pending, rejected, superseded
const cycle: CapsuleStatus[] = ["draft", "finalized", "finalized", "pending", "finalized", "rejected", "superseded"];

let serial = 0;

async function insertCapsules(db: Db, count: number, outletIds: number[]): Promise<void> {
  const first = serial;
  serial += count;
  await insertCapsuleRows(db, count, (i) => {
    const n = first + i;
    const status = cycle[n % cycle.length]!;
    return listCapsule(n, outletIds, { article_slug: `story-${n}`, status, submitter: OWNER, submit_tx_hash: status === "draft" ? null : `0x${n.toString(16).padStart(64, "0")}` });
  });
}

async function reference(db: Db, outletSlug: string | undefined, status: PublicStatus, offset: number, limit: number) {
  // status lists are public: a rejected capsule that never reached the chain (a withdrawn draft) is not in them
  let base = db.selectFrom("capsules").where("status", "=", status).where(publicRows);
  if (outletSlug) base = base.where("outlet_slug", "=", outletSlug);
  const rows = await base.select("id").orderBy("id", "desc").offset(offset).limit(limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

const depths = (total: number) => [0, 19, 480, 499, 500, 501, 999, 1000, 1234, Math.floor(total / 2), total - 20, total - 1, total, total + 5].filter((o) => o >= 0);

/** Every status, all outlets and each, at every depth: the cached answer equals the plain query. */
async function expectSameAsPlain(db: Db, reads: Db = db) {
  for (const status of statuses) {
    for (const outletSlug of [undefined, ...outlets]) {
      const { total } = await reference(db, outletSlug, status, 0, 1);
      for (const offset of [...new Set(depths(total))]) {
        const expected = await reference(db, outletSlug, status, offset, 20);
        const got = await statusPage(reads, { outletSlug, status }, { offset, limit: 20 });
        expect({ status, outletSlug, offset, ids: got.rows.map((r) => r.id), total: got.total }).toEqual({ status, outletSlug, offset, ...expected });
      }
      const last = Math.max(1, Math.ceil(total / 20));
      for (const page of [1, last]) {
        const got = await capsulePageRows(reads, { outlet: outletSlug, status, page, limit: 20 }, undefined);
        expect({ status, outletSlug, page, ids: got.rows.map((r) => r.id), total: got.total }).toEqual({ status, outletSlug, page, ...(await reference(db, outletSlug, status, (page - 1) * 20, 20)) });
      }
    }
  }
}

/** `db` with the SQL of every statement run through it; a new instance also gets a cache of its own (kept per Db). */
function recording(db: Db): { db: Db; statements: string[] } {
  const recorder = { db, statements: [] as string[] };
  recorder.db = db.withPlugin({
    transformQuery: (args) => {
      recorder.statements.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return recorder;
}

const useDatabase = (dialect: "sqlite" | "postgres", rows: number) => useListDatabase(dialect, (ctx) => insertCapsules(ctx.handle.db, rows, ctx.outletIds));

const idsOf = async (db: Db, status: CapsuleStatus, order: "asc" | "desc", limit: number) =>
  (await db.selectFrom("capsules").select("id").where("status", "=", status).orderBy("id", order).limit(limit).execute()).map((r) => r.id);

describe.each(dialects)("status-filtered capsule lists on %s", (dialect) => {
  const ctx = useDatabase(dialect, 7_000);

  it("answers every depth like OFFSET and count(*), cold and warm", async () => {
    await expectSameAsPlain(ctx.handle.db);
    await expectSameAsPlain(ctx.handle.db);
  }, 120_000);

  it("recounts after status changes deep in the lists and near their top", async () => {
    const db = ctx.handle.db;
    await expectSameAsPlain(db);
    for (const id of await idsOf(db, "finalized", "asc", 30)) await updateCapsule(db, id, { status: "superseded" });
    for (const id of await idsOf(db, "pending", "asc", 25)) await updateCapsule(db, id, { status: "rejected" });
    for (const id of await idsOf(db, "pending", "desc", 3)) await updateCapsule(db, id, { status: "finalized" });
    await expectSameAsPlain(db);
  }, 120_000);

  it("recounts after new capsules", async () => {
    await expectSameAsPlain(ctx.handle.db);
    await insertCapsules(ctx.handle.db, 40, ctx.outletIds);
    await expectSameAsPlain(ctx.handle.db);
    await insertCapsules(ctx.handle.db, 1_100, ctx.outletIds);
    await expectSameAsPlain(ctx.handle.db);
  }, 120_000);

  it("sees writes made through another connection (another process)", async () => {
    await expectSameAsPlain(ctx.handle.db);
    const deep = await idsOf(ctx.other.db, "rejected", "asc", 40);
    await ctx.other.db.updateTable("capsules").set({ status: "finalized" }).where("id", "in", deep).execute();
    await expectSameAsPlain(ctx.handle.db);
  }, 120_000);

  it("stays exact through a rebuild's reset and replay", async () => {
    const db = ctx.handle.db;
    await expectSameAsPlain(db);
    const before = await db.selectFrom("capsules").select(["id", "status"]).where("submit_tx_hash", "is not", null).execute();
    await db.transaction().execute(async (trx) => void (await resetCapsuleProjection(trx)));
    await expectSameAsPlain(db); // every submitted capsule is a draft again: empty lists
    expect((await statusPage(db, { status: "finalized" }, { offset: 0, limit: 20 })).total).toBe(0);
    await db.transaction().execute(async (trx) => {
      for (const status of statuses) {
        const ids = before.filter((r) => r.status === status).map((r) => r.id);
        for (let i = 0; i < ids.length; i += 500) await trx.updateTable("capsules").set({ status }).where("id", "in", ids.slice(i, i + 500)).execute();
      }
    });
    await expectSameAsPlain(db);
  }, 120_000);

  it("moves the version with status, outlet and new rows, not with tallies", async () => {
    const db = ctx.handle.db;
    const [id] = await idsOf(db, "finalized", "desc", 1);
    const v0 = await listVersion(db);
    await setTallies(db, [{ id: id!, yes: "5", no: "1", at: 1_800_000_001 }]);
    await updateCapsule(db, id!, { title: "Retitled", updated_at: 1_800_000_002 });
    expect(await listVersion(db)).toBe(v0);
    await updateCapsule(db, id!, { status: "finalized" }); // same value: nothing changed
    expect(await listVersion(db)).toBe(v0);
    await updateCapsule(db, id!, { outlet_slug: outlets[1]! });
    const v1 = await listVersion(db);
    expect(v1).toBeGreaterThan(v0);
    await updateCapsule(db, id!, { outlet_slug: outlets[0]! });
    const v2 = await listVersion(db);
    expect(v2).toBeGreaterThan(v1);
    while (cycle[serial % cycle.length] !== "draft") serial++;
    await insertCapsules(db, 1, ctx.outletIds); // a draft: in no cached list
    const [draft] = await idsOf(db, "draft", "desc", 1);
    await db.deleteFrom("capsules").where("id", "=", draft!).execute();
    expect(await listVersion(db)).toBe(v2);
    await insertCapsules(db, 1, ctx.outletIds); // a finalized capsule
    expect(await listVersion(db)).toBeGreaterThan(v2);
    await expectSameAsPlain(db);
  });
});

describe.each(dialects)("status-filtered capsule lists, cost, on %s", (dialect) => {
  const ctx = useDatabase(dialect, 14_000);

  it("answers a warm deep page without count(*) and without walking to the offset", async () => {
    const recorder = recording(ctx.handle.db);
    for (const outlet of [undefined, outlets[1]]) {
      const { total } = await reference(ctx.handle.db, outlet, "finalized", 0, 1);
      const last = Math.ceil(total / 20);
      await capsulePageRows(recorder.db, { outlet, status: "finalized", page: last, limit: 20 }, undefined); // cold: counts, finds the anchors
      for (const page of [last, 1, Math.ceil(last / 2)]) {
        recorder.statements.length = 0;
        const got = await capsulePageRows(recorder.db, { outlet, status: "finalized", page, limit: 20 }, undefined);
        expect({ ids: got.rows.map((r) => r.id), total: got.total }).toEqual(await reference(ctx.handle.db, outlet, "finalized", (page - 1) * 20, 20));
        const roots = recorder.statements.filter((s) => !recorder.statements.some((other) => other !== s && other.includes(s))); // the plugin also sees subqueries
        expect(roots.filter((s) => /count\(/i.test(s)), `count(*) per warm request (${outlet ?? "all"}, page ${page})`).toEqual([]);
        expect(roots.length, roots.join("\n")).toBeLessThanOrEqual(2); // the version, the page
        if (page > 25) expect(roots.every((s) => !/offset/i.test(s) || /"id" <= /.test(s)), roots.join("\n")).toBe(true); // from an anchor
      }
    }
  }, 120_000);

});

// PostgreSQL's trigger is deferred to commit (SQLite has one writer: its bump is in the statement)
describe.each(dialects.filter((d) => d === "postgres"))("the list version on %s", (dialect) => {
  const ctx = useDatabase(dialect, 100);

  it("moves once per transaction, at commit", async () => {
    const db = ctx.handle.db;
    const v0 = await listVersion(db);
    await db.transaction().execute(async (trx) => {
      await insertCapsules(trx, 1_000, ctx.outletIds);
      expect(await listVersion(db)).toBe(v0); // not before commit, seen from another connection
    });
    expect(await listVersion(db)).toBe(v0 + 1);
  });
});
