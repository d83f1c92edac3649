import { describe, expect, it } from "vitest";
import { manifestChecksFailed, unservedManifestLine } from "./manifest-checks";

// The reader's check when the page carries no manifest: silent only when the registry committed none.

describe("unservedManifestLine", () => {
  const root = `0x${"ab".repeat(32)}` as const;
  it("says nothing for a capsule the registry committed no manifest for", () => {
    expect(unservedManifestLine({ manifestHash: `0x${"0".repeat(64)}`, evidenceRoot: `0x${"0".repeat(64)}` }, "your node")).toBeNull();
  });

  it("fails a committed manifest this site does not serve, naming its hash", () => {
    const hash = `0x${"12".repeat(32)}` as const;
    const line = unservedManifestLine({ manifestHash: hash, evidenceRoot: root }, "your node");
    expect(line).toMatch(/^✖ /);
    expect(line).toContain(hash);
    expect(line).toContain("does not serve");
  });
});

describe("manifestChecksFailed", () => {
  const fine = { index: 0, proven: true, file: "match" as const };
  it("passes a matching manifest whose items are proven, a file on another site included", () => {
    expect(manifestChecksFailed({ manifest: "match", items: [fine, { index: 1, proven: true, file: "not fetched" }] }, true)).toBe(false);
  });

  it("fails a manifest not served or not matching, another evidence root, an unproven item or a file that does not hash", () => {
    expect(manifestChecksFailed({ manifest: "unavailable", items: [fine] }, true)).toBe(true);
    expect(manifestChecksFailed({ manifest: "mismatch", items: [fine] }, true)).toBe(true);
    expect(manifestChecksFailed({ manifest: "match", items: [fine] }, false)).toBe(true);
    expect(manifestChecksFailed({ manifest: "match", items: [{ index: 0, proven: false, file: "match" }] }, true)).toBe(true);
    expect(manifestChecksFailed({ manifest: "match", items: [{ index: 0, proven: true, file: "mismatch" }] }, true)).toBe(true);
  });
});
