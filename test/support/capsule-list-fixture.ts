import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import type { Db } from "@/lib/db/database";
import { migrateToLatest } from "@/lib/db/migrate";
import type { NewCapsule } from "@/lib/db/tables/capsules.table";
import { createTestDatabase } from "./postgres";

// The capsule-list tests' database: two outlets and generated capsules, on either dialect. The
// tests compare cached list pages with plain OFFSET/count queries over these rows.

export const LIST_OUTLETS = ["harbor-ledger", "river-times"] as const;
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** `handle` is the code's connection; `other` a second one to the same database, as another process would hold. */
export type ListDatabase = { handle: DatabaseHandle; other: DatabaseHandle; outletIds: number[] };

/** The n-th generated capsule: uneven outlets (one gets a third of the rows), no article text to speak of. */
export function listCapsule(n: number, outletIds: number[], fields: Pick<NewCapsule, "article_slug" | "status" | "submitter" | "submit_tx_hash">): NewCapsule {
  const now = 1_800_000_000;
  const outlet = n % 3 === 0 ? 1 : 0;
  return {
    outlet_id: outletIds[outlet]!,
    outlet_slug: LIST_OUTLETS[outlet]!,
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
    finalize_tx_hash: null,
    root_capsule_id: null,
    parent_capsule_id: null,
    revision_reason: null,
    change_summary_uri: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/** Inserts `count` rows made by `row(i)`, i from 0, 500 to a statement. */
export async function insertCapsuleRows(db: Db, count: number, row: (i: number) => NewCapsule): Promise<void> {
  for (let done = 0; done < count; done += 500) {
    await db
      .insertInto("capsules")
      .values(Array.from({ length: Math.min(500, count - done) }, (_, i) => row(done + i)))
      .execute();
  }
}

/** For a describe block: a migrated database with the two outlets, then `seed`; dropped afterwards. */
export function useListDatabase(dialect: "sqlite" | "postgres", seed: (ctx: ListDatabase) => Promise<void>): ListDatabase {
  const ctx = { handle: undefined, other: undefined, outletIds: [] } as unknown as ListDatabase;
  let dir: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-list-"));
    const database = dialect === "postgres" ? await createTestDatabase() : undefined;
    drop = database?.drop;
    const options = { databaseUrl: database?.url, sqliteFile: path.join(dir, "list.sqlite") };
    ctx.handle = openDatabase(options);
    await migrateToLatest(ctx.handle.db);
    ctx.other = openDatabase(options);
    for (const slug of LIST_OUTLETS) {
      const row = await ctx.handle.db
        .insertInto("outlets")
        .values({ slug, name: slug, domain: `${slug}.example`, description: null, metadata_uri: null, owner_wallet: OWNER, status: "active", policy_id: "default", verification_token: "0".repeat(64), verified_at: null, first_verified_at: null, last_checked_at: null, last_result: null, created_at: 1, updated_at: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      ctx.outletIds.push(row.id);
    }
    await seed(ctx);
  }, 120_000);
  afterAll(async () => {
    await ctx.other?.close();
    await ctx.handle?.close();
    await drop?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return ctx;
}
