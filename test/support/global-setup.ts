import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_BUNDLE_ENV, buildServerBundle } from "./server-bundle";

/**
 * The integration project's global setup: bundles the server's own TypeScript once for the run
 * (test/support/server-bundle.ts), so every stack starts with plain node instead of compiling it
 * through tsx. A folder of this run's own, removed at the end: a bundle never outlives the sources
 * it was built from. A failed build leaves the stacks on tsx, as before, and so does CAPSULE_TEST_TSX=1.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  // CAPSULE_TEST_TSX=1: every stack through tsx, as before the bundle (to compare, or to rule the bundle out)
  if (process.env.CAPSULE_TEST_TSX === "1") return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-test-server-"));
  try {
    process.env[SERVER_BUNDLE_ENV] = await buildServerBundle(dir);
  } catch (error) {
    console.warn(`[test] the server bundle could not be built; stacks start through tsx: ${error instanceof Error ? error.message : String(error)}`);
    delete process.env[SERVER_BUNDLE_ENV];
  }
  return () => {
    delete process.env[SERVER_BUNDLE_ENV];
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
