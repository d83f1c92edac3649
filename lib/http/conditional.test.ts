import { describe, expect, it } from "vitest";
import { entityTag, ifNoneMatchHits } from "./conditional";

describe("conditional reads (RFC 9110)", () => {
  const etag = entityTag(["capsules.read", "/api/capsules/1", { v: 1n }]);

  it("makes strong, stable tags that change with their inputs", () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(entityTag(["capsules.read", "/api/capsules/1", { v: 1n }])).toBe(etag);
    expect(entityTag(["capsules.read", "/api/capsules/1", { v: 2n }])).not.toBe(etag);
  });

  it.each([
    [null, false],
    ["", false],
    ["*", true],
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    [`"other",W/${etag} , "x"`, true],
    [`"a,b", ${etag}`, true],
    [`"other"`, false],
    [etag.slice(1, -1), false],
  ])("If-None-Match %s → %s", (header, hit) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hit);
  });
});
