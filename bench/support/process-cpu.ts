import fs from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time (user + system) a process has used so far, in ms; undefined where /proc is not available. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The pid of this process's child whose command line contains `needle` (e.g. the stack's scripts/start.ts). */
export function childPid(needle: string): number | undefined {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== process.pid) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(needle)) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  return undefined;
}

/** CPU time (ms) of a process's threads so far: its main thread ("main") and the others summed ("other threads": V8's collector helpers, libuv's pool). */
export function threadCpuMs(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const name = Number(tid) === pid ? "main" : "other threads";
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        byName.set(name, (byName.get(name) ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
      } catch {
        // the thread ended while we looked
      }
    }
  } catch {
    // no /proc, or the process ended
  }
  return byName;
}

/** What each group of threads used between two `threadCpuMs` readings, largest first, as "main 1234 ms". */
export function threadCpuDelta(before: Map<string, number>, after: Map<string, number>): string {
  return [...after]
    .map(([name, ms]) => [name, ms - (before.get(name) ?? 0)] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
    .join(", ");
}
