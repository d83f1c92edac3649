import { describe, expect, it } from "vitest";
import { onlyVotes, VOTE_CAST_KIND, ZLiveEvent, type LiveEvent } from "./live-event";
import { withPushedTally } from "./pushed-tally";

const tally = { capsuleId: "7", yesVotes: "30", noVotes: "10", weightedYes: "75.00", weightedNo: "25.00", weightedParticipation: "4.00" };
const change: LiveEvent = { type: "change", block: 9, blockTime: 1_800_000_000, capsuleIds: ["7"], wallets: [], caseIds: [], kinds: [VOTE_CAST_KIND], everything: false };

describe("pushed tallies in the browser", () => {
  it("keeps the event readable without tallies, as before, and with them", () => {
    expect(ZLiveEvent.parse(change)).toEqual(change);
    expect(ZLiveEvent.parse({ ...change, tallies: [tally] }).tallies).toEqual([tally]);
    expect(() => ZLiveEvent.parse({ ...change, tallies: [{ ...tally, yesVotes: 30 }] })).toThrow();
  });

  it("patches the tally of that capsule's read and leaves everything else as it was", () => {
    const read = { ok: true, capsule: { id: "7", status: "pending", title: "T", yesVotes: "0", noVotes: "0", weightedYes: "0.00", weightedNo: "0.00", weightedParticipation: "0.00" }, policy: { approvalThreshold: 60 } };
    const patched = withPushedTally(read, tally);
    expect(patched).toEqual({ ...read, capsule: { id: "7", status: "pending", title: "T", yesVotes: "30", noVotes: "10", weightedYes: "75.00", weightedNo: "25.00", weightedParticipation: "4.00" } });
    expect(read.capsule.yesVotes).toBe("0");
    const other = { ...read, capsule: { ...read.capsule, id: "8" } };
    expect(withPushedTally(other, tally)).toBe(other);
    expect(withPushedTally(undefined, tally)).toBeUndefined();
  });

  it("takes the tally instead of a re-read only for a change of votes alone", () => {
    expect(onlyVotes(change)).toBe(true);
    expect(onlyVotes({ ...change, kinds: [VOTE_CAST_KIND, "articleRegistry:CapsuleFinalized"] })).toBe(false);
    expect(onlyVotes({ ...change, everything: true })).toBe(false);
    expect(onlyVotes({ ...change, kinds: [] })).toBe(false);
  });
});
