import { describe, expect, it } from "vitest";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { isPublished, latestPublished, revisionUnderVote } from "./reader-chain";

const row = (id: number, revision: number, status: CapsuleRow["status"], finalizedAt: number | null): CapsuleRow =>
  ({ id, revision_number: revision, status, finalized_at: finalizedAt, root_capsule_id: id === 1 ? null : 1 }) as CapsuleRow;

describe("reader chain", () => {
  it("a draft, pending or rejected capsule is not published", () => {
    expect(isPublished(row(1, 0, "draft", null))).toBe(false);
    expect(isPublished(row(1, 0, "pending", null))).toBe(false);
    expect(isPublished(row(1, 0, "rejected", null))).toBe(false);
    expect(isPublished(row(1, 0, "finalized", 10))).toBe(true);
    expect(isPublished(row(1, 0, "superseded", 10))).toBe(true);
  });

  it("a correction under vote leaves the finalized original current and is reported", () => {
    const chain = [row(1, 0, "superseded", 10), row(2, 1, "pending", null)];
    expect(latestPublished(chain)?.id).toBe(1);
    expect(revisionUnderVote(chain)?.id).toBe(2);
  });

  it("a rejected correction leaves the last finalized version current with no notice", () => {
    const chain = [row(1, 0, "superseded", 10), row(2, 1, "rejected", null)];
    expect(latestPublished(chain)?.id).toBe(1);
    expect(revisionUnderVote(chain)).toBeUndefined();
  });

  it("a finalized correction becomes current", () => {
    const chain = [row(1, 0, "superseded", 10), row(2, 1, "rejected", null), row(3, 2, "finalized", 30)];
    expect(latestPublished(chain)?.id).toBe(3);
    expect(revisionUnderVote(chain)).toBeUndefined();
  });

  it("a chain never finalized has no current text", () => {
    expect(latestPublished([row(1, 0, "pending", null)])).toBeUndefined();
  });
});
