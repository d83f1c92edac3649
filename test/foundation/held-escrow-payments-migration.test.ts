import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "@/lib/db/migrate";
import { withEmptyDatabase } from "@/test/support/fresh-database";
import { dialectsUnderTest } from "@/test/support/stack";

// 2026-12-06-0700-held-escrow-payments: the leader's lost-race pass reads the escrow payments still held, oldest first,
// every few seconds. The planner reads them from the partial index on held payments instead of scanning every payment
// (PostgreSQL is told to avoid a scan where it can, since on an empty table a scan is cheaper than any index).

const HELD = sql`select payment_id from licence_escrow_payments where status = 'held' order by payment_id`;

describe.each(await dialectsUnderTest())("held escrow payments on %s", (dialect) => {
  it("are read from their partial index, in payment order", async () => {
    await withEmptyDatabase(dialect, "capsule_held_escrow", async (db) => {
      await migrateToLatest(db);
      const plan = await db.connection().execute(async (conn) => {
        if (dialect === "sqlite") return (await sql<{ detail: string }>`explain query plan ${HELD}`.execute(conn)).rows.map((row) => row.detail);
        await sql`set enable_seqscan = off`.execute(conn);
        const rows = (await sql<{ "QUERY PLAN": string }>`explain ${HELD}`.execute(conn)).rows.map((row) => row["QUERY PLAN"]);
        await sql`reset enable_seqscan`.execute(conn);
        return rows;
      });
      expect(plan.join("\n")).toContain("licence_escrow_payments_held_idx");
      expect(plan.join("\n")).not.toMatch(/TEMP B-TREE|Sort/);
    });
  });
});
