import { processHolder } from "@/lib/process-registry";
import { VOTE_CAST_KIND } from "@/lib/live/live-event";
import { describe, expect, it } from "vitest";
import { ChangeCollector, emitProjectionChange, onProjectionChange, type ProjectionChange } from "./change-feed";
import { decodeChange, encodeChange, MAX_PAYLOAD_BYTES } from "./change-feed-postgres";
import type { IndexedEvent } from "./projector";

const voter = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const event = (eventName: string, args: IndexedEvent["args"], contract = "capsuleAcceptance"): IndexedEvent => ({
  chainId: 77117002,
  contract,
  address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  eventName,
  args,
  blockNumber: 10,
  blockHash: `0x${"11".repeat(32)}`,
  blockTime: 1_700_000_000,
  txHash: `0x${"22".repeat(32)}`,
  logIndex: 0,
});

describe("the projection change feed", () => {
  it("names the capsules, wallets, court cases and event kinds a batch touches", () => {
    const change = new ChangeCollector()
      .add([
        event("VoteCast", { capsuleId: "7", voter, support: true, weight: "10" }),
        event("CapsuleSubmitted", { capsuleId: "8", parentCapsuleId: "0", outletSlug: "desk", submitter: voter }, "articleRegistry"),
        event("VerdictRecorded", { caseId: "3", capsuleId: "7" }, "integrityCourt"),
      ])
      .change(10, 12);
    expect(change).toEqual({
      fromBlock: 10,
      toBlock: 12,
      capsuleIds: ["7", "8"],
      wallets: [voter],
      caseIds: ["3"],
      kinds: ["capsuleAcceptance:VoteCast", "articleRegistry:CapsuleSubmitted", "integrityCourt:VerdictRecorded"],
    });
    // pages recognise a vote by the kind the indexer gives it
    expect(change.kinds).toContain(VOTE_CAST_KIND);
  });

  it("calls every listener registered in the process registry until it unsubscribes; a throwing listener harms no other", () => {
    const seen: ProjectionChange[] = [];
    const offBad = onProjectionChange(() => {
      throw new Error("a broken page");
    });
    const off = onProjectionChange((change) => seen.push(change));
    const change: ProjectionChange = { fromBlock: 1, toBlock: 2, rewound: { forkBlock: 0, depth: 2 }, capsuleIds: ["1"], wallets: [], caseIds: [], kinds: [] };
    emitProjectionChange(change);
    off();
    offBad();
    emitProjectionChange({ ...change, toBlock: 3 });
    expect(seen).toEqual([change]);
    expect(processHolder<{ capsuleProjectionFeed: { listeners: Set<unknown> } }>("projectionFeed").capsuleProjectionFeed?.listeners.size).toBe(0);
  });

  it("round-trips a change through the NOTIFY payload, with the sender's origin", () => {
    const change: ProjectionChange = { fromBlock: 5, toBlock: 9, rewound: { forkBlock: 4, depth: 5 }, capsuleIds: ["1", "2"], wallets: [voter], caseIds: ["4"], kinds: ["a:B"] };
    expect(decodeChange(encodeChange(change, "origin-1"))).toEqual({ origin: "origin-1", change });
    expect(decodeChange("not json")).toBeUndefined();
    expect(decodeChange(JSON.stringify({ o: "x", f: "1" }))).toBeUndefined();
  });

  it("falls back to 'something changed from f to t' when the lists exceed PostgreSQL's 8000-byte payload", () => {
    const big: ProjectionChange = {
      fromBlock: 100,
      toBlock: 2100,
      capsuleIds: Array.from({ length: 3000 }, (_, i) => String(i + 1)),
      wallets: [voter],
      caseIds: [],
      kinds: ["capsuleAcceptance:VoteCast"],
    };
    const payload = encodeChange(big, "origin-2");
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(decodeChange(payload)).toEqual({
      origin: "origin-2",
      change: { fromBlock: 100, toBlock: 2100, capsuleIds: [], wallets: [], caseIds: [], kinds: [], truncated: true },
    });
  });
});
