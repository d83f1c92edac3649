import { describe, expect, it } from "vitest";
import type { CapsuleStatus } from "@/lib/db/tables/capsules.table";
import { findCapsule, setTallies, updateCapsule } from "@/features/capsules/capsules.repository";
import { capsuleObject } from "@/features/capsules/capsule-view";
import { ZLiveTally } from "@/lib/live/live-event";
import { insertCapsuleRows, listCapsule, useListDatabase } from "@/test/support/capsule-list-fixture";
import { postgresAvailable } from "@/test/support/postgres";
import { MAX_PUSHED_TALLIES, readPushedTallies } from "./pushed-tallies";

// The tallies a pushed vote change carries (GET /api/live): read from the projection, the very
// fields of the capsule read, and never for a capsule the public may not read.

const dialects: Array<"sqlite" | "postgres"> = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
// id 1 pending, 2 a draft, 3 a withdrawn draft (rejected, never on chain), 4 rejected at the vote, 5 finalized
const rows: Array<{ status: CapsuleStatus; onChain: boolean }> = [
  { status: "pending", onChain: true },
  { status: "draft", onChain: false },
  { status: "rejected", onChain: false },
  { status: "rejected", onChain: true },
  { status: "finalized", onChain: true },
];

describe.each(dialects)("pushed tallies on %s", (dialect) => {
  const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
    await insertCapsuleRows(handle.db, rows.length, (i) =>
      listCapsule(i, outletIds, { article_slug: `tally-${i}`, status: rows[i]!.status, submitter: OWNER, submit_tx_hash: rows[i]!.onChain ? `0x${(i + 1).toString(16).padStart(64, "0")}` : null }),
    );
    for (const id of [1, 2, 3, 4, 5]) await updateCapsule(handle.db, id, { eligible_weight: "1000" });
    await setTallies(handle.db, [1, 2, 3, 4, 5].map((id) => ({ id, yes: String(100 * id), no: "50", at: 1_800_000_100 })));
  });

  it("carries each public capsule's committed tally, field for field as the capsule read shows it", async () => {
    const tallies = await readPushedTallies(ctx.handle.db, ["5", "1", "4"]);
    expect(tallies?.map((t) => t.capsuleId)).toEqual(["1", "4", "5"]);
    for (const tally of tallies ?? []) {
      const row = await findCapsule(ctx.handle.db, Number(tally.capsuleId));
      if (!row) throw new Error(`capsule ${tally.capsuleId} is gone`);
      const read = capsuleObject(row);
      const { capsuleId, ...fields } = ZLiveTally.parse(tally);
      expect(capsuleId).toBe(read.id);
      for (const [field, value] of Object.entries(fields)) expect(value, field).toBe(read[field as keyof typeof read]);
    }
    expect(tallies?.[0]).toEqual({ capsuleId: "1", yesVotes: "100", noVotes: "50", weightedYes: "66.66", weightedNo: "33.33", weightedParticipation: "15.00" });
  });

  it("never pushes the tally of a capsule that did not reach the chain (a draft, a withdrawn draft), nor of an unknown id", async () => {
    const tallies = await readPushedTallies(ctx.handle.db, ["1", "2", "3", "999", "x"]);
    expect(tallies?.map((t) => t.capsuleId)).toEqual(["1"]);
    expect(await readPushedTallies(ctx.handle.db, ["2", "3"])).toEqual([]);
  });

  it("pushes none for no ids or more than it may carry (pages re-read then)", async () => {
    expect(await readPushedTallies(ctx.handle.db, [])).toBeUndefined();
    expect(await readPushedTallies(ctx.handle.db, Array.from({ length: MAX_PUSHED_TALLIES + 1 }, (_, i) => String(i + 1)))).toBeUndefined();
  });
});
