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
  /** Saves now (waiting for a save under way first); rejects when anvil did not answer or the write failed. */
  saveNow: () => Promise<void>;
  /** Stops the timer and makes a last save; a failed last save is reported, never thrown (the file keeps the one before). */
  stop: () => Promise<void>;
};

async function dumpState(rpcUrl: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_dumpState", params: [] }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error || typeof body.result !== "string") throw new Error(`anvil_dumpState: ${body.error?.message ?? "no state in the answer"}`);
  return body.result;
}

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

export function saveAnvilStatePeriodically(options: { rpcUrl: string; file: string; intervalMs: number; onError: (error: unknown) => void }): AnvilStateSaver {
  let lastSaved = "";
  let running: Promise<void> | undefined;
  let failing = false;
  // one report per run of failures (anvil gone, a full disk), not one every interval
  const report = (error: unknown) => {
    if (!failing) options.onError(error);
    failing = true;
  };
  const save = async () => {
    const dump = await dumpState(options.rpcUrl);
    const digest = createHash("sha256").update(dump).digest("hex");
    if (digest === lastSaved && fs.existsSync(options.file)) return; // nothing changed since the last save
    const json = (await gunzip(Buffer.from(dump.replace(/^0x/, ""), "hex"))).toString("utf8");
    await writeFileAtomically(options.file, json);
    lastSaved = digest;
    failing = false;
  };
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
    saveNow,
    stop: async () => {
      clearInterval(timer);
      await saveNow().catch(options.onError);
    },
  };
}
