import { describe, expect, it } from "vitest";
import { readersVersionOf, versionStandings, type ChainMember } from "./version-standing";

const original = (status: ChainMember["status"]): ChainMember => ({ capsuleId: "1", revisionNumber: 0, status, capsuleType: "original" });
const correction = (id: string, revisionNumber: number, status: ChainMember["status"], capsuleType = "correction"): ChainMember => ({ capsuleId: id, revisionNumber, status, capsuleType });

const shown = (chain: ChainMember[], fallback?: string) =>
  Object.fromEntries([...versionStandings(chain, fallback)].map(([id, s]) => [id, `${s.label}${s.current ? " · Current" : ""}`]));

describe("versionStandings", () => {
  it("keeps the original current and finalized while its correction is under vote (the chain already marks it superseded)", () => {
    const chain = [original("superseded"), correction("2", 1, "pending")];
    expect(shown(chain, "2")).toEqual({ "1": "Finalized · Current", "2": "Correction under vote" });
    expect(versionStandings(chain).get("1")?.tone).toBe("finalized");
    expect(versionStandings(chain).get("2")?.tone).toBe("pending");
  });

  it("calls a pending retraction a retraction under vote", () => {
    expect(shown([original("superseded"), correction("2", 1, "pending", "retraction")])).toEqual({ "1": "Finalized · Current", "2": "Retraction under vote" });
  });

  it("calls the original superseded only once the correction is finalized", () => {
    expect(shown([original("superseded"), correction("2", 1, "finalized")])).toEqual({ "1": "Superseded", "2": "Finalized · Current" });
  });

  it("leaves the original current after its correction was rejected", () => {
    expect(shown([original("superseded"), correction("2", 1, "rejected")], "1")).toEqual({ "1": "Finalized · Current", "2": "Rejected" });
  });

  it("with a second correction under vote, the first correction stays current and the original stays superseded", () => {
    const chain = [original("superseded"), correction("2", 1, "superseded"), correction("3", 2, "pending")];
    expect(shown(chain, "3")).toEqual({ "1": "Superseded", "2": "Finalized · Current", "3": "Correction under vote" });
    expect(readersVersionOf(chain)?.capsuleId).toBe("2");
  });

  it("before anything is published, the bridge's current version is the current one", () => {
    expect(shown([original("pending")], "1")).toEqual({ "1": "Voting · Current" });
    expect(shown([original("rejected"), { capsuleId: "2", revisionNumber: 1, status: "draft", capsuleType: "original" }], "2")).toEqual({ "1": "Rejected", "2": "Draft · Current" });
  });
});
