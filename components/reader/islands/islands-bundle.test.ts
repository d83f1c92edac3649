import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

// The article page's only script is the islands' bundle (scripts/build-islands.mjs): Preact, the
// finalization record (with the label check), the evidence check and the menu, about 33 KB gzipped (docs/PERFORMANCE.md,
// README "Pages"). A module the islands import that pulls zod in (a schema file imported for one
// plain helper) multiplied it nearly fivefold while the e2e budget of 120 KB still passed; this
// holds the bundle to what it is meant to carry. Bytes, not timings.

type Bundle = { outputFiles: Array<{ contents: Uint8Array }>; metafile: { outputs: Record<string, { inputs: Record<string, unknown> }> } };

async function bundle(): Promise<Bundle> {
  const modulePath = "../../../scripts/build-islands.mjs";
  const { bundleIslands } = (await import(/* @vite-ignore */ modulePath)) as { bundleIslands: () => Promise<Bundle> };
  return bundleIslands();
}

describe("the article page's islands bundle", () => {
  it("carries no zod and stays under 40 KB gzipped", async () => {
    const result = await bundle();
    const inputs = Object.values(result.metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs.filter((input) => input.includes("node_modules/zod/"))).toEqual([]);
    const [output] = result.outputFiles;
    expect(gzipSync(output!.contents).length).toBeLessThan(40 * 1024);
  }, 60_000);
});
