import { describe, expect, it } from "vitest";
import { draftEndedOf, freshnessAction, tabSaveAction, type FreshnessInput } from "./draft-freshness";

const idle: FreshnessInput = { held: 3, saved: 3, ended: false, unsaved: false, saving: false, choosing: false, locked: false };

describe("an open draft that read the revision the bridge holds", () => {
  it("does nothing when the form holds that revision, or a later one its own save has just answered", () => {
    expect(freshnessAction(idle)).toBe("none");
    expect(freshnessAction({ ...idle, saved: 2 })).toBe("none");
    expect(freshnessAction({ ...idle, unsaved: true })).toBe("none");
  });

  it("loads a newer version quietly when the form holds no change of its own", () => {
    expect(freshnessAction({ ...idle, saved: 4 })).toBe("load");
    expect(freshnessAction({ ...idle, held: 0, saved: 7 })).toBe("load");
  });

  it("holds saving and offers the choice when the form holds changes the bridge does not", () => {
    expect(freshnessAction({ ...idle, saved: 4, unsaved: true })).toBe("hold");
  });

  it("waits for the next read while a save of its own is under way, the choice is already offered, or a submission is prepared", () => {
    expect(freshnessAction({ ...idle, saved: 4, saving: true })).toBe("none");
    expect(freshnessAction({ ...idle, saved: 4, unsaved: true, choosing: true })).toBe("none");
    expect(freshnessAction({ ...idle, saved: 4, locked: true })).toBe("none");
  });

  it("does nothing when either revision is unknown", () => {
    expect(freshnessAction({ ...idle, held: undefined, saved: 4 })).toBe("none");
  });
});

describe("an open draft that read a capsule no longer a draft (submitted or withdrawn elsewhere)", () => {
  const ended: FreshnessInput = { ...idle, saved: undefined, ended: true };

  it("ends the drafting, whatever the form holds or is doing: no save can be taken any more", () => {
    expect(freshnessAction(ended)).toBe("end");
    expect(freshnessAction({ ...ended, unsaved: true })).toBe("end");
    expect(freshnessAction({ ...ended, saving: true })).toBe("end");
    expect(freshnessAction({ ...ended, unsaved: true, choosing: true })).toBe("end");
    expect(freshnessAction({ ...ended, held: undefined })).toBe("end");
  });

  it("leaves a tab submitting the draft itself to its submit panel: the submission it reads is its own", () => {
    expect(freshnessAction({ ...ended, locked: true })).toBe("none");
  });
});

describe("an open draft that read a submission under way (a voucher the chain may still take)", () => {
  const underWay: FreshnessInput = { ...idle, underWay: true };

  it("pauses when another tab or device started it, whatever the form holds: nothing can be saved until it ends", () => {
    expect(freshnessAction(underWay)).toBe("pause");
    expect(freshnessAction({ ...underWay, unsaved: true })).toBe("pause");
    expect(freshnessAction({ ...underWay, saved: 4, unsaved: true })).toBe("pause");
    expect(freshnessAction({ ...underWay, choosing: true })).toBe("pause");
    // already paused: it stays paused (the read may name a later deadline)
    expect(freshnessAction({ ...underWay, paused: true })).toBe("pause");
  });

  it("leaves a submission this tab started to its own submit panel", () => {
    expect(freshnessAction({ ...underWay, startedHere: true })).toBe("none");
    expect(freshnessAction({ ...underWay, locked: true })).toBe("none");
  });

  it("resumes once a read no longer finds it under way (the voucher lapsed), and ends when the chain has the capsule", () => {
    expect(freshnessAction({ ...idle, paused: true })).toBe("resume");
    expect(freshnessAction({ ...idle, paused: true, unsaved: true, saved: 4 })).toBe("resume");
    expect(freshnessAction({ ...idle, saved: undefined, ended: true, paused: true, unsaved: true })).toBe("end");
    expect(freshnessAction({ ...idle, saved: undefined, ended: true, underWay: true })).toBe("end");
  });

  it("decides as before when nothing is under way and the tab is not paused", () => {
    expect(freshnessAction({ ...idle, underWay: false, paused: false })).toBe("none");
    expect(freshnessAction({ ...idle, saved: 4, underWay: false, paused: false })).toBe("load");
  });
});

describe("another tab of this browser saying it saved the draft", () => {
  const told = { held: 3, told: 4, unsaved: false, saving: false, choosing: false, locked: false };

  it("is no news when the form already holds that revision", () => {
    expect(tabSaveAction({ ...told, told: 3 })).toBe("none");
    expect(tabSaveAction({ ...told, told: 2, unsaved: true })).toBe("none");
  });

  it("makes an untouched tab read the draft (which then takes the version quietly), as a read finding it would", () => {
    expect(tabSaveAction(told)).toBe("read");
    expect(tabSaveAction({ ...told, told: undefined })).toBe("read");
    expect(tabSaveAction({ ...told, held: undefined })).toBe("read");
  });

  it("holds saving and offers the choice when the tab holds changes of its own, is saving, already offers it, or is submitting", () => {
    expect(tabSaveAction({ ...told, unsaved: true })).toBe("hold");
    expect(tabSaveAction({ ...told, saving: true })).toBe("hold");
    expect(tabSaveAction({ ...told, choosing: true })).toBe("hold");
    expect(tabSaveAction({ ...told, locked: true })).toBe("hold");
  });
});

describe("what became of a capsule no longer a draft", () => {
  const draft = { status: "draft" as const, submitTxHash: null, closesAt: "0", closedAt: "0" };
  const tx = `0x${"ab".repeat(32)}`;

  it("is nothing while it is a draft", () => {
    expect(draftEndedOf(draft)).toBeUndefined();
  });

  it("is a submission, with the end of its vote while the vote is open", () => {
    expect(draftEndedOf({ ...draft, status: "pending", submitTxHash: tx, closesAt: "1800000000" })).toEqual({ kind: "submitted", votingUntil: new Date(1_800_000_000_000) });
    for (const status of ["accepted", "rejected", "finalized", "superseded"] as const) {
      expect(draftEndedOf({ ...draft, status, submitTxHash: tx, closesAt: "1800000000", closedAt: "1800000100" })).toEqual({ kind: "submitted" });
    }
  });

  it("is a withdrawal when it was closed without ever reaching the chain, with when", () => {
    expect(draftEndedOf({ ...draft, status: "rejected", closedAt: "1800000000" })).toEqual({ kind: "withdrawn", at: new Date(1_800_000_000_000) });
    expect(draftEndedOf({ ...draft, status: "rejected" })).toEqual({ kind: "withdrawn" });
  });
});
