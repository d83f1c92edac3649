import { describe, expect, it } from "vitest";
import { unservedManifestLine } from "./manifest-checks";

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
