import { describe, expect, it } from "vitest";
import { tallyAnnouncement } from "./tally-announcement";

// One announcement per vote: who voted which way, then the tally, in the words on screen.

const policy = { approvalThreshold: 60, quorumThreshold: 5 };
const tally = { yesVotes: "300", noVotes: "100", weightedYes: "75.00", weightedNo: "25.00", weightedParticipation: "40.00" };

describe("tallyAnnouncement", () => {
  it("says the newest vote before the tally", () => {
    expect(tallyAnnouncement(tally, policy, { who: "Wren Author", support: false })).toBe(
      "Wren Author voted no. Tally now: 75.00% yes, 25.00% no (approval needs 60%); participation 40.00% (quorum 5%).",
    );
    expect(tallyAnnouncement(tally, policy, { who: "You", support: true })).toMatch(/^You voted yes\. Tally now: /);
  });

  it("says the tally alone when the newest vote is not on the page, and no votes before the first", () => {
    expect(tallyAnnouncement(tally, policy)).toBe("Tally now: 75.00% yes, 25.00% no (approval needs 60%); participation 40.00% (quorum 5%).");
    expect(tallyAnnouncement({ ...tally, yesVotes: "0", noVotes: "0" }, policy, { who: "You", support: true })).toBe("No votes yet.");
  });
});
