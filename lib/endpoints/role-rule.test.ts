import { describe, expect, it } from "vitest";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { courtReply } from "@/features/court/reply.endpoint";
import { endpointList } from "@/features/registry";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { describeRule, forbiddenMessage, insufficientBondMessage, notSubmitterMessage } from "./role-rule";

// The 403 messages and the words of /api/meta/action-keys, generated from the declared rules.

const at = { outletSlug: "daily", capsuleId: 7, wallet: "0x0000000000000000000000000000000000000001" };

describe("role rules in words", () => {
  it("names the qualifying roles and parties with the place they hold at", () => {
    expect(forbiddenMessage(capsuleCreate.roles, at)).toBe('Only a Journalist, Reporter or Editor of outlet "daily" may create capsules');
    expect(forbiddenMessage(outletVerify.roles, at)).toBe('Only the owner or an Editor of outlet "daily" may verify its domain');
    expect(forbiddenMessage(capsuleEvidenceAdd.roles, at)).toBe("Only the submitter or a contributor of capsule 7 may add evidence");
    expect(forbiddenMessage(rightsCreate.roles, at)).toBe('Only the submitter of capsule 7 while a Journalist, Reporter or Editor of outlet "daily", or an Editor of that outlet, may list its rights');
    expect(forbiddenMessage(capsuleVote.roles, at)).toBe('Only a bonded Editor of outlet "daily" may vote on its capsules');
  });

  it("keeps a descriptor's fixed messages, filling in the outlet, capsule and wallet", () => {
    expect(forbiddenMessage(capsuleReject.roles, at)).toBe('Only the submitter or an Editor of outlet "daily" may close capsule 7');
    expect(forbiddenMessage(capsuleClaimsSet.roles, at)).toBe('Only the author or an Editor of outlet "daily" may set the claims of capsule 7');
    expect(notSubmitterMessage(capsuleSubmit.roles, at)).toBe("Only the submitter of capsule 7 may submit it");
    expect(insufficientBondMessage(capsuleDispute.roles, at)).toBe(`Opening a court case needs an active bond; ${at.wallet} has none deposited (deposit one on the Bonds page)`);
  });

  it("explains an unbonded role", () => {
    expect(insufficientBondMessage(capsuleVote.roles, at, "Editor")).toMatch(/^The Editor role of 0x0+1 at outlet "daily" is not backed by a bond/);
  });

  it("describes who may call for the action catalogue", () => {
    expect(describeRule(undefined)).toBe("any signed wallet");
    expect(describeRule(outletVerify.roles)).toBe("the outlet's owner or an Editor of the outlet named by outletSlug");
    expect(describeRule(capsuleVote.roles)).toBe("a bonded Editor of the capsule's outlet");
    expect(describeRule(capsuleSubmit.roles)).toBe("the capsule's submitter, if also a Journalist, Reporter or Editor of the capsule's outlet");
    expect(describeRule(capsuleDispute.roles)).toBe("any wallet with a bond in RoleRegistry");
    expect(describeRule(courtReply.roles)).toBe("the capsule's submitter, the outlet's owner or an Editor of the outlet of the case's capsule");
  });

  it("gives the retired Court clerk role no power: no route accepts it", () => {
    const grantingClerk = endpointList
      .filter((endpoint) => endpoint.roles?.anyOf?.includes(ROLE.COURT_CLERK))
      .map((endpoint) => endpoint.id);
    expect(grantingClerk).toEqual([]);
  });
});
