import { describe, expect, it } from "vitest";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { whatChangedBetween } from "./reader-history";

// The reader's history page diffs every published version against the one before on each request; a diff of two
// long bodies costs seconds of CPU, so each pair of published texts is diffed once and kept.

const version = (id: number, body: string) => ({ id, title: "Harbour bridge reopens", subtitle: null, body }) as unknown as CapsuleRow;

describe("what changed between two published versions", () => {
  it("is worked out once per pair of texts and kept", () => {
    const first = whatChangedBetween(version(1, "The works take six weeks."), version(2, "The works take eight weeks."));
    expect(first).toMatchObject({ previousId: "1", added: 1, removed: 1 });
    const again = whatChangedBetween(version(1, "The works take six weeks."), version(2, "The works take eight weeks."));
    expect(again.changes).toBe(first.changes);
    const other = whatChangedBetween(version(3, "The works take six weeks."), version(4, "The works take nine weeks."));
    expect(other.changes).not.toBe(first.changes);
    expect(other).toMatchObject({ previousId: "3", added: 1, removed: 1 });
  });
});
