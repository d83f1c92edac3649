import "server-only";
import fs from "node:fs";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { readDeployment, type DeploymentRecord } from "@/lib/chain/deployment-record";

let cached: { mtimeMs: number; record: DeploymentRecord } | undefined;

/** The deployment record written by `npm start`, re-read when the file changes. */
export function currentDeployment(): DeploymentRecord | undefined {
  const file = config().deploymentFile;
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  if (cached?.mtimeMs !== mtimeMs) {
    const record = readDeployment(file);
    if (!record) return undefined;
    cached = { mtimeMs, record };
  }
  return cached.record;
}

export function requireDeployment(): DeploymentRecord {
  const record = currentDeployment();
  if (!record) throw new AppError("CHAIN_UNAVAILABLE", "The contracts are not deployed yet; start the stack with `npm start`");
  return record;
}
