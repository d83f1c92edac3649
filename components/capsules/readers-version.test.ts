import { describe, expect, it } from "vitest";
import { isReadersVersion } from "./readers-version";

type Read = Parameters<typeof isReadersVersion>[0];
const read = (id: string, status: string, currentCapsuleId: string, publishedCapsuleId: string | null) =>
  ({ capsule: { id, status }, revision: { currentCapsuleId, publishedCapsuleId } }) as unknown as Read;

describe("the version readers see, as the capsule pages tell it", () => {
  it("is the original while its correction is under vote, though the chain marks it superseded", () => {
    expect(isReadersVersion(read("7", "superseded", "9", "7"))).toBe(true);
    expect(isReadersVersion(read("9", "pending", "9", "7"))).toBe(false);
  });

  it("is the correction once it is finalized, and the original after a rejected one", () => {
    expect(isReadersVersion(read("7", "superseded", "9", "9"))).toBe(false);
    expect(isReadersVersion(read("9", "finalized", "9", "9"))).toBe(true);
    expect(isReadersVersion(read("7", "superseded", "7", "7"))).toBe(true);
  });

  it("is no version before one is finalized", () => {
    expect(isReadersVersion(read("7", "pending", "7", null))).toBe(false);
  });
});
