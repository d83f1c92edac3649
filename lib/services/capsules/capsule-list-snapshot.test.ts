import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import type { Db } from "@/lib/db/database";
import type { NewCapsule } from "@/lib/db/tables/capsules.table";
import { migrateToLatest } from "@/lib/db/migrate";
import { createTestDatabase, postgresAvailable } from "@/test/support/postgres";
import { snapshotPage } from "./capsule-list-snapshot";
import { visibleTo, type Viewer } from "@/lib/db/draft-visibility";

// The snapshot must give exactly what `ORDER BY id DESC OFFSET n` and `count(*)` give, at every
// depth, for all capsules and per outlet, before and after new capsules move its boundary, for an
// anonymous reader (drafts left out), a draft's author and an outlet's Editor, also after drafts
// below the boundary are submitted.

const AUTHOR_A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const AUTHOR_B = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

const dialects: Array<"sqlite" | "postgres"> = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];
const outlets = ["harbor-ledger", "river-times"];

async function insertCapsules(db: Db, count: number, outletIds: number[]): Promise<void> {
  const now = 1_800_000_000;
  for (let done = 0; done < count; done += 500) {
    const rows: NewCapsule[] = Array.from({ length: Math.min(500, count - done) }, (_, i) => {
      const n = done + i;
      const outlet = n % 3 === 0 ? 1 : 0; // uneven: one outlet gets a third of the rows
      return {
        outlet_id: outletIds[outlet]!,
        outlet_slug: outlets[outlet]!,
        article_slug: `story-${now}-${Math.random().toString(36).slice(2)}`,
        title: `Story ${n}`,
        subtitle: null,
        summary: null,
        language: "en",
        category: null,
        tags_json: "[]",
        source_url: null,
        body: "text",
        rights_notes: null,
        metadata_uri: "ipfs://bafkreitest",
        content_hash: `0x${"0".repeat(64)}`,
        submitter: n % 2 === 0 ? AUTHOR_A : AUTHOR_B,
        status: n % 5 === 0 ? "draft" : "finalized",
        capsule_type: "original",
        policy_id: "default",
        window_seconds: null,
        approval_threshold: null,
        quorum_threshold: null,
        eligible_weight: null,
        voucher_deadline: null,
        opens_at: null,
        closes_at: null,
        accepted_at: null,
        finalized_at: null,
        closed_at: null,
        finalized_article_id: null,
        finalized_by: null,
        submit_tx_hash: null,
        finalize_tx_hash: null,
        root_capsule_id: null,
        parent_capsule_id: null,
        revision_reason: null,
        change_summary_uri: null,
        created_at: now,
        updated_at: now,
      };
    });
    await db.insertInto("capsules").values(rows).execute();
  }
}

async function reference(db: Db, outletSlug: string | undefined, offset: number, limit: number, viewer: Viewer) {
  let base = db.selectFrom("capsules").where(visibleTo(viewer));
  if (outletSlug) base = base.where("outlet_slug", "=", outletSlug);
  const rows = await base.select("id").orderBy("id", "desc").offset(offset).limit(limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

let viewers: Viewer[] = [];

async function expectSameAsOffset(db: Db) {
  for (const [who, viewer] of viewers.entries()) {
    for (const outletSlug of [undefined, ...outlets]) {
      const total = (await reference(db, outletSlug, 0, 1, viewer)).total;
      const offsets = [0, 19, 480, 499, 500, 520, 999, 1000, 1234, 1999, 2500, total - 25, total - 1, total, total + 40];
      for (const offset of offsets.filter((o) => o >= 0)) {
        const expected = await reference(db, outletSlug, offset, 20, viewer);
        const got = await snapshotPage(db, { outletSlug }, { offset, limit: 20 }, viewer);
        expect({ who, outletSlug, offset, ids: got.rows.map((r) => r.id), total: got.total }).toEqual({ who, outletSlug, offset, ...expected });
      }
    }
  }
}

describe.each(dialects)("capsule list snapshot on %s", (dialect) => {
  let handle: DatabaseHandle;
  let dir: string;
  let drop: (() => Promise<void>) | undefined;
  let outletIds: number[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-list-snapshot-"));
    const database = dialect === "postgres" ? await createTestDatabase() : undefined;
    drop = database?.drop;
    handle = openDatabase({ databaseUrl: database?.url, sqliteFile: path.join(dir, "list.sqlite") });
    await migrateToLatest(handle.db);
    outletIds = [];
    for (const slug of outlets) {
      const row = await handle.db
        .insertInto("outlets")
        .values({ slug, name: slug, domain: `${slug}.example`, description: null, metadata_uri: null, owner_wallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", status: "active", policy_id: "default", verification_token: "0".repeat(64), verified_at: null, first_verified_at: null, last_checked_at: null, last_result: null, created_at: 1, updated_at: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      outletIds.push(row.id);
    }
    viewers = [undefined, { wallet: AUTHOR_A, editorOutletIds: [] }, { wallet: AUTHOR_B, editorOutletIds: [outletIds[1]!] }];
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers small tables like OFFSET and count(*)", async () => {
    await insertCapsules(handle.db, 30, outletIds);
    await expectSameAsOffset(handle.db);
  }, 60_000);

  it("answers deep pages of a large table from anchors, exactly", async () => {
    await insertCapsules(handle.db, 3_000, outletIds);
    await expectSameAsOffset(handle.db);
  }, 180_000);

  it("stays exact while new capsules arrive and the boundary moves up", async () => {
    await insertCapsules(handle.db, 40, outletIds);
    await expectSameAsOffset(handle.db);
    await insertCapsules(handle.db, 2_600, outletIds); // past the tail limit: the next request moves the boundary
    await expectSameAsOffset(handle.db);
    await expectSameAsOffset(handle.db);
  }, 240_000);

  it("stays exact when drafts deep below the boundary are submitted", async () => {
    const old = await handle.db.selectFrom("capsules").select("id").where("status", "=", "draft").orderBy("id", "asc").limit(150).execute();
    await handle.db.updateTable("capsules").set({ status: "pending" }).where("id", "in", old.map((r) => r.id)).execute();
    await expectSameAsOffset(handle.db);
  }, 240_000);
});
