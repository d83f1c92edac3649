import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { z } from "zod";

// One server per data directory when the directory holds what only one process may use: the bundled
// anvil's state file (two anvils from one state are two chains) or the embedded SQLite database (each
// server there leads, so two indexers and two outbox workers would write one projection). The lock is
// an exclusive SQLite transaction held open on `server.lock` for the life of the process: the
// operating system releases it when the process ends however it ends (kill -9 included), so no stale
// lock is ever left and a reused pid never blocks a start. `server.pid` names the holder in the refusal.

export const LOCK_FILE = "server.lock";
export const HOLDER_FILE = "server.pid";

const ZHolder = z.object({ pid: z.number().int(), port: z.number().int(), startedAt: z.string() });

export class DataDirInUseError extends Error {}

export type DataDirLock = { release: () => void };

function holderOf(dataDir: string): string {
  try {
    const holder = ZHolder.parse(JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_FILE), "utf8")));
    return `pid ${holder.pid}, web port ${holder.port}, started ${holder.startedAt}`;
  } catch {
    return "its pid is not known";
  }
}

/** Takes the data directory's lock or throws DataDirInUseError naming the server that holds it. */
export function lockDataDir(dataDir: string, port: number): DataDirLock {
  const lock = new Database(path.join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    lock.close();
    if (error instanceof Error && "code" in error && (error as { code: unknown }).code === "SQLITE_BUSY") {
      throw new DataDirInUseError(
        `another Capsule server is using the data directory ${dataDir} (${holderOf(dataDir)}). Stop it first, or give this server its own CAPSULE_DATA_DIR`,
      );
    }
    throw error;
  }
  const holderFile = path.join(dataDir, HOLDER_FILE);
  fs.writeFileSync(holderFile, JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() }) + "\n");
  let held = true;
  return {
    release: () => {
      if (!held) return;
      held = false;
      fs.rmSync(holderFile, { force: true });
      lock.close(); // ends the transaction and with it the lock
    },
  };
}
