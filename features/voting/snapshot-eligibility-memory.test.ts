import { describe, expect, it } from "vitest";
import { emitProjectionChange, type ProjectionChange } from "@/lib/indexer/change-feed";
import { recallEligibility, rememberEligibility } from "./snapshot-eligibility-memory";

const WALLET = "0x00000000000000000000000000000000000000aA";
const change = (extra: Partial<ProjectionChange>): ProjectionChange => ({ fromBlock: 0, toBlock: 0, capsuleIds: [], wallets: [], caseIds: [], kinds: [], ...extra });

describe("remembered snapshot eligibility", () => {
  it("answers a snapshot block already read, whatever the wallet's case", () => {
    rememberEligibility("harbour", WALLET, 100, false);
    expect(recallEligibility("harbour", WALLET.toLowerCase(), 100)).toBe(false);
    expect(recallEligibility("harbour", WALLET, 101)).toBeUndefined();
    expect(recallEligibility("other", WALLET, 100)).toBeUndefined();
  });

  it("forgets the snapshots a reorg replaced, and keeps those before its fork block", () => {
    rememberEligibility("harbour", WALLET, 200, false);
    rememberEligibility("harbour", WALLET, 210, true);
    rememberEligibility("harbour", WALLET, 190, false);
    emitProjectionChange(change({ fromBlock: 201, toBlock: 215, rewound: { forkBlock: 200, depth: 15 } }));
    expect(recallEligibility("harbour", WALLET, 210)).toBeUndefined();
    expect(recallEligibility("harbour", WALLET, 200)).toBe(false);
    expect(recallEligibility("harbour", WALLET, 190)).toBe(false);
    // an ordinary batch forgets nothing
    emitProjectionChange(change({ fromBlock: 216, toBlock: 220, capsuleIds: ["4"] }));
    expect(recallEligibility("harbour", WALLET, 200)).toBe(false);
    // a rewind that reached this server in a change too large to list still names its fork block
    emitProjectionChange(change({ fromBlock: 196, toBlock: 220, rewound: { forkBlock: 195, depth: 25 }, truncated: true }));
    expect(recallEligibility("harbour", WALLET, 200)).toBeUndefined();
    expect(recallEligibility("harbour", WALLET, 190)).toBe(false);
  });
});
