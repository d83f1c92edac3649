import { describe, expect, it } from "vitest";
import { emptyDraft, type DraftState } from "@/features/capsules/draft-form";
import { draftChangedOf, draftDifferences } from "./draft-conflict";

const wallet = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const base: DraftState = { ...emptyDraft("harbour", wallet, [1]), title: "Bus lanes", body: "The city paints new bus lanes.", tags: "transport, city" };

describe("a save refused because the draft changed elsewhere", () => {
  it("reads the revision and the time the bridge names in a 409 DRAFT_CHANGED", () => {
    expect(draftChangedOf({ code: "DRAFT_CHANGED", status: 409, details: { draftRevision: 4, savedAt: "1765000000" } })).toEqual({ revision: 4, savedAt: new Date(1_765_000_000_000) });
    expect(draftChangedOf({ code: "DRAFT_CHANGED", status: 409, details: { draftRevision: 0 } })).toEqual({ revision: 0 });
  });

  it("takes no other answer for one: another 409, another status, a body without a revision", () => {
    expect(draftChangedOf({ code: "CONFLICT", status: 409, details: { draftRevision: 4 } })).toBeUndefined();
    expect(draftChangedOf({ code: "DRAFT_CHANGED", status: 500, details: { draftRevision: 4 } })).toBeUndefined();
    expect(draftChangedOf({ code: "DRAFT_CHANGED", status: 409, details: { draftRevision: "4" } })).toBeUndefined();
  });
});

describe("what differs between the form and the version saved elsewhere", () => {
  it("names nothing when they hold the same, whatever the rows' keys or the spacing of tags", () => {
    const mine = { ...base, tags: "transport,city ", contributors: base.contributors.map((row) => ({ ...row, key: "other-key" })) };
    expect(draftDifferences(mine, base)).toEqual([]);
  });

  it("names a list that differs without comparing its words", () => {
    const saved = { ...base, evidence: [{ key: "e1", label: "Council notice", evidenceType: "document" as const, mimeType: "application/pdf", contentHash: `0x${"ab".repeat(32)}`, uri: "https://council.example.org/notice.pdf", isPrimary: true }] };
    expect(draftDifferences(base, saved)).toEqual([{ field: "evidence", name: "evidence" }]);
  });

  it("names the fields that differ in the form's order, and each text's words only here and only there", () => {
    const saved = { ...base, title: "Bus lanes on four streets", body: "The council paints new bus lanes on four streets.", rightsNotes: "CC BY 4.0" };
    const differences = draftDifferences(base, saved);
    expect(differences.map((d) => d.name)).toEqual(["title", "body", "rights notes"]);
    expect(differences[0]?.words?.changes.filter((c) => c.kind === "added").map((c) => c.text.trim())).toEqual(["on four streets"]);
    expect(differences[2]?.words).toMatchObject({ added: 3, removed: 0 });
    const body = differences[1]?.words;
    expect(body).toMatchObject({ added: 4, removed: 1 });
    expect(body?.changes.filter((c) => c.kind !== "same").map((c) => [c.kind, c.text.trim()])).toEqual([
      ["removed", "city"],
      ["added", "council"],
      ["added", "on four streets"],
    ]);
  });
});
