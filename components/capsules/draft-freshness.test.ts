import { describe, expect, it } from "vitest";
import { freshnessAction, type FreshnessInput } from "./draft-freshness";

const idle: FreshnessInput = { held: 3, saved: 3, unsaved: false, saving: false, choosing: false, locked: false };

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

  it("does nothing when either revision is unknown: a capsule no longer a draft has none", () => {
    expect(freshnessAction({ ...idle, saved: undefined })).toBe("none");
    expect(freshnessAction({ ...idle, held: undefined, saved: 4 })).toBe("none");
  });
});
