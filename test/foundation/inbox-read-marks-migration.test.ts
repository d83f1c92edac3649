import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/database";
import { migrateToLatest } from "@/lib/db/migrate";
import { countUnread, lastReadId } from "@/features/inbox/inbox.repository";
import { inboxKinds } from "@/features/inbox/inbox.schema";
import { migrateBefore, withEmptyDatabase } from "@/test/support/fresh-database";
import { dialectsUnderTest } from "@/test/support/stack";

// 2026-12-04-0100-inbox-read-marks on a database holding read marks stored before the mark was capped
// (docs/DECISIONS.md, "The inbox's read mark stops at the newest entry"): a mark past the wallet's
// newest activity comes back to it, so the next entry counts as unread; marks within range stay.

const MIGRATION = "2026-12-04-0100-inbox-read-marks";
const SILENCED = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const IN_RANGE = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const NO_ENTRIES = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

describe.each(await dialectsUnderTest())("the inbox read-mark repair on %s", (dialect) => {
  const withDatabase = (work: (db: Db) => Promise<void>) => withEmptyDatabase(dialect, "capsule_read_marks", work);
  const entry = async (db: Db, wallet: string) =>
    (
      await db
        .insertInto("activity")
        .values({ wallet, kind: "capsule.finalized", outlet_slug: "ledger", subject_id: "1", details_json: "{}", tx_hash: null, created_at: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

  it("brings a mark past the wallet's newest entry back to it, so what arrives next is unread", async () => {
    await withDatabase(async (db) => {
      await migrateBefore(db, MIGRATION);
      const silencedNewest = Math.max(await entry(db, SILENCED), await entry(db, SILENCED));
      const inRangeFirst = await entry(db, IN_RANGE);
      await entry(db, IN_RANGE);
      await db
        .insertInto("inbox_reads")
        .values([
          { wallet: SILENCED, last_read_id: 2_147_483_647, updated_at: 1 },
          { wallet: IN_RANGE, last_read_id: inRangeFirst, updated_at: 1 },
          { wallet: NO_ENTRIES, last_read_id: 500, updated_at: 1 },
        ])
        .execute();

      await migrateToLatest(db);

      expect(await lastReadId(db, SILENCED)).toBe(silencedNewest);
      expect(await lastReadId(db, IN_RANGE)).toBe(inRangeFirst); // within range: untouched
      expect(await lastReadId(db, NO_ENTRIES)).toBe(0);
      await entry(db, SILENCED);
      expect(await countUnread(db, SILENCED, inboxKinds, await lastReadId(db, SILENCED))).toBe(1);
      expect(await countUnread(db, IN_RANGE, inboxKinds, await lastReadId(db, IN_RANGE))).toBe(1);
    });
  });
});
