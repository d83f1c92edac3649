import { describe, expect, it } from "vitest";
import { viewerVoteWords } from "./viewer-vote-words";

// The open-votes list says, in words, how the signed-in Editor voted or that a vote still needs theirs.

const NOW = 1_000;
const open = { status: "pending" as const, closesAt: String(NOW + 60) };

describe("viewerVoteWords", () => {
  it("says how the Editor voted", () => {
    expect(viewerVoteWords({ ...open, viewerVote: "for" }, NOW, true)).toBe("You voted yes");
    expect(viewerVoteWords({ ...open, viewerVote: "against" }, NOW, true)).toBe("You voted no");
    expect(viewerVoteWords({ status: "finalized", closesAt: "10", viewerVote: "for" }, NOW, true)).toBe("You voted yes");
  });

  it("asks for the vote only while the window is open", () => {
    expect(viewerVoteWords({ ...open, viewerVote: "none" }, NOW, true)).toBe("Needs your vote");
    expect(viewerVoteWords({ ...open, viewerVote: "none" }, NOW + 60, true)).toBeUndefined();
    expect(viewerVoteWords({ status: "rejected", closesAt: "10", viewerVote: "none" }, NOW, true)).toBeUndefined();
  });

  it("does not ask an Editor who may not cast the vote for it (not a voter when it opened)", () => {
    expect(viewerVoteWords({ ...open, viewerVote: "not-eligible" }, NOW, true)).toBe("Not eligible to vote");
    expect(viewerVoteWords({ ...open, viewerVote: "not-eligible" }, NOW + 60, true)).toBeUndefined();
  });

  it("says nothing to a wallet that is no Editor there, or without a signed read", () => {
    expect(viewerVoteWords({ ...open, viewerVote: "none" }, NOW, false)).toBeUndefined();
    expect(viewerVoteWords({ ...open, viewerVote: "for" }, NOW, false)).toBeUndefined();
    expect(viewerVoteWords({ ...open, viewerVote: undefined }, NOW, true)).toBeUndefined();
  });
});
