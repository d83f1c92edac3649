import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

// anvil writes its own --state file in place (opened with O_TRUNC, then written, never synced): a
// kill -9 or a power cut during a write leaves a truncated file, and the next start cannot load the
// chain at all. So the chain's state is saved from outside instead: anvil_dumpState (the same JSON
// anvil writes) every interval, written to a temporary file, synced and renamed over the state
// file. The file on disk is then always one whole snapshot, the last or the one before it.

const gunzip = promisify(zlib.gunzip);

export type AnvilStateSaver = {
  /**
   * Stops the timer and, with `lastSave`, saves once more; a failed last save is reported, never thrown
   * (the file keeps the one before). `withinMs` bounds the wait for the save (and a save under way): a
   * hung anvil must not hold up the rest of a shutdown.
   */
  stop: (options: { lastSave: boolean; withinMs?: number }) => Promise<void>;
};

/** Replaces `file` with `text` so that a reader (or the next start after a crash) sees the old or the new content, whole. */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.promises.open(temporary, "w");
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
  const directory = await fs.promises.open(path.dirname(file), "r");
  try {
    await directory.sync(); // the rename itself survives a power cut
  } finally {
    await directory.close();
  }
}

export function saveAnvilStatePeriodically(options: {
  /** anvil_dumpState's answer: hex of the gzipped state JSON. */
  dump: () => Promise<string>;
  file: string;
  intervalMs: number;
  onError: (error: unknown) => void;
}): AnvilStateSaver {
  let lastSaved = "";
  let running: Promise<void> | undefined;
  let failing = false;
  // one report per run of failures (anvil gone, a full disk), not one every interval
  const report = (error: unknown) => {
    if (!failing) options.onError(error);
    failing = true;
  };
  const save = async () => {
    const dump = await options.dump();
    const digest = createHash("sha256").update(dump).digest("hex");
    if (digest === lastSaved && fs.existsSync(options.file)) return; // nothing changed since the last save
    const json = (await gunzip(Buffer.from(dump.replace(/^0x/, ""), "hex"))).toString("utf8");
    await writeFileAtomically(options.file, json);
    lastSaved = digest;
    failing = false;
  };
  /** Saves now, after any save under way; rejects when anvil did not answer or the write failed. */
  const saveNow = async () => {
    while (running) await running.catch(() => undefined);
    const current = save();
    running = current;
    try {
      await current;
    } finally {
      if (running === current) running = undefined;
    }
  };
  const timer = setInterval(() => {
    if (running) return; // the previous save is still being written
    saveNow().catch(report);
  }, options.intervalMs);
  timer.unref();
  return {
    stop: async ({ lastSave, withinMs }) => {
      clearInterval(timer);
      const saved = lastSave ? saveNow().catch(report) : (running?.catch(() => undefined) ?? Promise.resolve()); // a save under way finishes its rename
      if (withinMs === undefined) return saved;
      let timeout: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => (timeout = setTimeout(() => resolve("late"), withinMs)));
      const outcome = await Promise.race([saved, late]);
      clearTimeout(timeout);
      if (outcome === "late") options.onError(new Error(`anvil's state was not saved within ${withinMs} ms; the state file keeps the last snapshot saved`));
    },
  };
}
