import "server-only";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

// Content-addressed files under the vault directory: <dir>/<first 2 hex>/<sha256 hex>.

export const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

export const objectPath = (dir: string, id: string): string => path.join(dir, id.slice(0, 2), id);

/** Writes the bytes unless an object with this id is already stored (temp file + rename, never a partial file). */
export async function putObject(dir: string, id: string, bytes: Uint8Array): Promise<void> {
  const target = objectPath(dir, id);
  try {
    await fs.access(target);
    return;
  } catch {
    // not stored yet
  }
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await fs.writeFile(temp, bytes, { flag: "wx" });
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Writes the bytes beside their final place under a name of their own, for `commitStaged` once the
 * object is recorded, or `discardStaged` when it is refused: a refused upload leaves no file behind.
 */
export async function stageObject(dir: string, id: string, bytes: Uint8Array): Promise<string> {
  const target = objectPath(dir, id);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await fs.writeFile(temp, bytes, { flag: "wx" });
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  return temp;
}

/** Moves staged bytes to their place (an atomic rename: readers see the whole file or none). */
export async function commitStaged(staged: string, dir: string, id: string): Promise<void> {
  await fs.rename(staged, objectPath(dir, id));
}

/** Removes staged bytes that were not committed (nothing when they were). */
export async function discardStaged(staged: string): Promise<void> {
  await fs.rm(staged, { force: true });
}

/** The stored bytes, or undefined when the file is missing. */
export async function readObject(dir: string, id: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(objectPath(dir, id));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
