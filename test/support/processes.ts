import fs from "node:fs";

/**
 * The processes other than this one started with `dataDir` (the server by its CAPSULE_DATA_DIR, its
 * anvil by the state file on its command line): tests that start the server themselves check that none
 * outlives a stop.
 */
export function processesUsing(dataDir: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8");
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (environ.includes(`CAPSULE_DATA_DIR=${dataDir}\0`) || cmdline.includes(dataDir)) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
