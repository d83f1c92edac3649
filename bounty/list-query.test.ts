import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { bountyProposalSchema, parseBountyListQuery } from "@/features/bounty/bounty.schema";

// The list query is lenient: a non-integer falls back to the default, out-of-range values are clamped.
const parse = (query: string) => parseBountyListQuery(new URLSearchParams(query));

describe("parseBountyListQuery", () => {
  it.each([
    ["", 25, 0],
    ["limit=0", 1, 0],
    ["limit=-5", 1, 0],
    ["limit=101", 100, 0],
    ["limit=1000", 100, 0],
    ["limit=abc", 25, 0],
    ["limit=1.5", 25, 0],
    ["limit=1e2", 25, 0],
    ["limit=", 25, 0],
    ["limit=+7", 7, 0],
    ["limit=%2007%20", 7, 0],
    ["offset=-1", 25, 0],
    ["offset=x", 25, 0],
    ["offset=40", 25, 40],
    ["offset=1e400", 25, 0],
    ["offset=123456789012345678901234567890", 25, Number.MAX_SAFE_INTEGER],
  ])("?%s -> limit %i, offset %i", (query, limit, offset) => {
    expect(parse(query)).toMatchObject({ limit, offset });
  });

  it("passes a non-empty proposalId through and drops an empty one", () => {
    expect(parse("proposalId=bp-1").proposalId).toBe("bp-1");
    expect(parse("proposalId=").proposalId).toBeUndefined();
  });
});

describe("bountyProposalSchema", () => {
  const valid = {
    id: "bp-1",
    title: "Verify the port authority procurement figures",
    summary: "Reconcile the figures with the tender register.",
    capsuleId: "1042",
    outletSlug: "harbor-ledger",
    rewardAmount: "400000000000000000000",
    rewardToken: "native",
    proposer: "0xa6c6b63eee8a470fc49c7c1ffcbf14bdd45d06b6",
    status: "open",
    createdAt: "1793577600",
    updatedAt: "1793577600",
  };

  it("accepts a valid proposal and checksums the address", () => {
    const parsed = bountyProposalSchema.parse(valid);
    expect(parsed.proposer).toBe(getAddress(valid.proposer));
    expect(parsed.proposer).not.toBe(valid.proposer);
    expect(parsed.rewardToken).toBe("native");
  });

  it("takes right-to-left text and isolates closed on their line", () => {
    const summary = "The mayor said \u2067الميناء مغلق\u2069 on Monday.\nSecond line.";
    expect(bountyProposalSchema.parse({ ...valid, title: "الميناء — port figures", summary }).summary).toBe(summary);
  });

  it.each([
    ["neither capsule nor outlet", { capsuleId: null, outletSlug: null }],
    ["updatedAt before createdAt", { updatedAt: "1793577599" }],
    ["a fractional amount", { rewardAmount: "1.5" }],
    ["a leading zero amount", { rewardAmount: "0100" }],
    ["a negative time", { createdAt: "-1" }],
    ["an unknown status", { status: "paid" }],
    ["a short address", { proposer: "0x1234" }],
    ["an unknown field", { secret: "x" }],
    ["a title with a direction override", { title: "Invoice \u202Efdp.exe" }],
    ["a title with a line break", { title: "Two\nlines" }],
    ["a summary with a control character", { summary: "Ring \u0007 the bell" }],
    ["a summary with an isolate left open", { summary: "Reconcile \u2067the figures" }],
  ])("rejects %s", (_name, change) => {
    expect(bountyProposalSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
