import { createHash } from "node:crypto";
import fs from "node:fs";
import { z } from "zod";

// manifest.json, the first member of a backup archive: what is in it, with a SHA-256 for every
// other member, and the versions that wrote it.
export const BACKUP_FORMAT = "capsule-backup";
export const BACKUP_FORMAT_VERSION = 1;

export const MEMBER_PATHS = {
  sqlite: "database/capsule.sqlite",
  pgdump: "database/capsule.pgdump",
  deployment: "deployment.json",
  chainState: "chain/anvil-state.json",
  vaultPrefix: "vault/",
} as const;

const member = z.object({
  path: z.string().regex(/^(?!\/)(?!.*(^|\/)\.\.(\/|$))[A-Za-z0-9._/-]+$/, "a relative path without .."),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestMember = z.infer<typeof member>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string().datetime(),
  capsule: z.object({ version: z.string(), commit: z.string().nullable() }),
  node: z.string(),
  database: z.object({
    dialect: z.enum(["sqlite", "postgres"]),
    member: z.string(),
    migrations: z.array(z.string()),
    pgDumpVersion: z.string().nullable(),
  }),
  deployment: z.object({ member: z.string(), chainId: z.number().int(), blockNumber: z.number().int() }).nullable(),
  chain: z.object({
    /** anvil_dumpState of the running bundled anvil, its state file, or an external node (not in the archive). */
    source: z.enum(["anvil_dumpState", "state-file", "external", "none"]),
    member: z.string().nullable(),
    chainId: z.number().int().nullable(),
    blockNumber: z.number().int().nullable(),
  }),
  vault: z.object({ objects: z.number().int().nonnegative() }),
  members: z.array(member),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** SHA-256 and size of a file, streamed. */
export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/** An error a backup or restore reports to the operator as is (no stack), with its exit code. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = "BackupError";
  }
}
