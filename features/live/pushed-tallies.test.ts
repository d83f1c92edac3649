import { describe, expect, it } from "vitest";
import type { CapsuleStatus } from "@/lib/db/tables/capsules.table";
import { findCapsule, setTallies, updateCapsule } from "@/features/capsules/capsules.repository";
import { capsuleObject } from "@/features/capsules/capsule-view";
import { ZLiveTally } from "@/lib/live/live-event";
import { insertCapsuleRows, listCapsule, useListDatabase } from "@/test/support/capsule-list-fixture";
import { postgresAvailable } from "@/test/support/postgres";
import { votesPage } from "@/features/voting/vote-list";
import { PUSHED_VOTE_ROWS } from "@/lib/live/live-event";
import { MAX_PUSHED_TALLIES, MAX_PUSHED_VOTE_LISTS, readPushedVotes } from "./pushed-tallies";

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
    // capsule 1: five votes (two in one second, so the list's order falls to the row id); capsule 5: one; the draft 2: one
    const vote = (capsule: number, n: number, second: number) => ({
      capsule_id: capsule,
      voter: `0x${(0xa0 + n).toString(16).padStart(40, "0")}`,
      support: n % 2,
      weight: String(10 * (n + 1)),
      tx_hash: `0x${(capsule * 100 + n).toString(16).padStart(64, "0")}`,
      log_index: 0,
      block_time: 1_800_000_000 + second,
    });
    await handle.db.insertInto("capsule_votes").values([vote(1, 0, 1), vote(1, 1, 2), vote(1, 2, 3), vote(1, 3, 3), vote(1, 4, 4), vote(5, 0, 1), vote(2, 0, 1)]).execute();
    await handle.db
      .insertInto("capsule_vote_reasons")
      .values({ capsule_id: 1, voter: vote(1, 3, 3).voter, support: 1, ballot_nonce: "0", reason: "Sourced twice", signature: `0x${"ab".repeat(65)}`, created_at: 1_800_000_000 })
      .execute();
  });

  it("carries each public capsule's committed tally, field for field as the capsule read shows it", async () => {
    const { tallies } = await readPushedVotes(ctx.handle, ["5", "1", "4"]);
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
    const { tallies } = await readPushedVotes(ctx.handle, ["1", "2", "3", "999", "x"]);
    expect(tallies?.map((t) => t.capsuleId)).toEqual(["1"]);
    expect((await readPushedVotes(ctx.handle, ["2", "3"])).tallies).toEqual([]);
  });

  it("pushes none for no ids or more than it may carry (pages re-read then)", async () => {
    expect(await readPushedVotes(ctx.handle, [])).toEqual({});
    expect(await readPushedVotes(ctx.handle, Array.from({ length: MAX_PUSHED_TALLIES + 1 }, (_, i) => String(i + 1)))).toEqual({});
  });

  it("carries each public capsule's vote count and newest rows exactly as the end of its vote list shows them", async () => {
    const pushed = await readPushedVotes(ctx.handle, ["5", "1", "2"]);
    expect(pushed.tallies?.map((t) => t.capsuleId)).toEqual(["1", "5"]);
    expect(pushed.votes?.map((v) => [v.capsuleId, v.total, v.latest.length])).toEqual([["1", 5, PUSHED_VOTE_ROWS], ["5", 1, 1]]);
    for (const votes of pushed.votes ?? []) {
      const list = await votesPage(ctx.handle, Number(votes.capsuleId), { page: 1, limit: 50 });
      expect(votes.total).toBe(list.total);
      expect(votes.latest).toEqual(list.items.slice(-PUSHED_VOTE_ROWS));
    }
    // the signed reason rides along, as in the list
    expect(pushed.votes?.[0]?.latest[1]?.reason).toMatchObject({ text: "Sourced twice", ballotNonce: "0" });
  });

  it("carries tallies without voter rows above the capsules it reads rows for, and nothing for a capsule off the chain", async () => {
    expect(MAX_PUSHED_VOTE_LISTS).toBeGreaterThan(0);
    const pushed = await readPushedVotes(ctx.handle, ["1", "2", "3", "4", "5"], 2);
    expect(pushed.tallies?.map((t) => t.capsuleId)).toEqual(["1", "4", "5"]);
    expect(pushed.votes).toBeUndefined();
    expect(await readPushedVotes(ctx.handle, ["2", "3"])).toEqual({ tallies: [], votes: [] });
    expect(await readPushedVotes(ctx.handle, [])).toEqual({});
  });
});
