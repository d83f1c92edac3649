import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const PONDER_DIR = path.join(import.meta.dirname, "..", "ponder");

/** Ponder lives in bench/ponder with its own package.json and lock; installed there on first use, never at the root. */
export function ensurePonderInstalled(log: (m: string) => void): string {
  const bin = path.join(PONDER_DIR, "node_modules", "ponder", "dist", "esm", "bin", "ponder.js");
  if (fs.existsSync(bin)) return bin;
  log("installing Ponder into bench/ponder/node_modules (npm ci --prefix bench/ponder)…");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--prefix", PONDER_DIR, "--no-audit", "--no-fund"], { stdio: "inherit" });
  if (result.status !== 0 || !fs.existsSync(bin)) throw new Error(`npm ci --prefix bench/ponder failed (exit ${result.status})`);
  return bin;
}

export function ponderVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(PONDER_DIR, "node_modules", "ponder", "package.json"), "utf8")) as { version: string }).version;
}
