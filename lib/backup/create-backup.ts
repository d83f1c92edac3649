import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import * as tar from "tar";
import { readDeployment } from "@/lib/chain/deployment-record";
import { openDatabase } from "@/lib/db/connection";
import { migrationStatus } from "@/lib/db/migrate";
import { captureChainState } from "./chain-state";
import { pgDump } from "./postgres-tools";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, hashFile, MEMBER_PATHS, type BackupManifest, type ManifestMember } from "./manifest";

export type BackupSources = {
  dataDir: string;
  /** postgres:// URL, or undefined for the SQLite file in dataDir. */
  databaseUrl: string | undefined;
  vaultDir: string;
  deploymentFile: string;
  /** True when CAPSULE_NODE_RPC_URL names a node this installation does not run. */
  externalNode: boolean;
  nodeRpcUrl: string;
  chainId: number;
  rootDir: string;
};

const say = (log: ((m: string) => void) | undefined, message: string) => log?.(message);

function capsuleVersion(rootDir: string): { version: string; commit: string | null } {
  const pkg = JSON.parse(fs.readFileSync(path.join(rootDir, "package.json"), "utf8")) as { version?: string };
  const git = spawnSync("git", ["rev-parse", "HEAD"], { cwd: rootDir, encoding: "utf8" });
  return { version: pkg.version ?? "unknown", commit: git.status === 0 ? git.stdout.trim() : null };
}

/** Vault files (content-addressed, never changed once written), without in-progress temp files. */
function vaultFiles(vaultDir: string): string[] {
  if (!fs.existsSync(vaultDir)) return [];
  return fs
    .readdirSync(vaultDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"))
    .map((entry) => path.relative(vaultDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

async function backupSqlite(sourceFile: string, target: string): Promise<string[]> {
  if (!fs.existsSync(sourceFile)) throw new BackupError(`no database at ${sourceFile}: nothing to back up (has \`npm start\` run with this CAPSULE_DATA_DIR?)`);
  const source = new Database(sourceFile, { readonly: true, fileMustExist: true });
  try {
    // The online backup API: a consistent copy while the server keeps writing. All remaining pages
    // are copied in one step, so writers cannot make it start over again and again.
    await source.backup(target, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
  } finally {
    source.close();
  }
  const copy = openDatabase({ sqliteFile: target });
  try {
    return (await migrationStatus(copy.db)).applied;
  } finally {
    await copy.close();
  }
}

async function postgresMigrations(databaseUrl: string): Promise<string[]> {
  const handle = openDatabase({ databaseUrl, sqliteFile: "" });
  try {
    return (await migrationStatus(handle.db)).applied;
  } finally {
    await handle.close();
  }
}

/**
 * Writes one archive with the SQL database, the vault, the deployment record and the chain state,
 * in that order: the chain is taken last, so it holds every block the SQL projection had indexed
 * and the restored indexer only ever moves forward (docs/DECISIONS.md).
 */
export async function createBackup(sources: BackupSources, output: string, log?: (message: string) => void): Promise<BackupManifest> {
  const target = path.resolve(output);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists; choose another file name`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), ".capsule-backup-"));
  const partial = `${target}.partial`;
  try {
    fs.mkdirSync(path.join(staging, "database"));
    fs.mkdirSync(path.join(staging, "chain"));
    const members: { path: string; file: string }[] = [];

    // 1. SQL
    let migrations: string[];
    let pgDumpVersion: string | null = null;
    let databaseMember: string;
    if (sources.databaseUrl) {
      say(log, "dumping the PostgreSQL database (pg_dump, one consistent snapshot)…");
      migrations = await postgresMigrations(sources.databaseUrl);
      databaseMember = MEMBER_PATHS.pgdump;
      pgDumpVersion = await pgDump(sources.databaseUrl, path.join(staging, databaseMember));
    } else {
      say(log, "copying the SQLite database (online backup API)…");
      databaseMember = MEMBER_PATHS.sqlite;
      migrations = await backupSqlite(path.join(sources.dataDir, "capsule.sqlite"), path.join(staging, databaseMember));
    }
    members.push({ path: databaseMember, file: path.join(staging, databaseMember) });

    // 2. Vault (after the SQL: every object a copied row names is already on disk)
    const objects = vaultFiles(sources.vaultDir);
    say(log, `including ${objects.length} vault object(s)…`);
    if (objects.length > 0) fs.symlinkSync(sources.vaultDir, path.join(staging, "vault"), "dir");
    for (const relative of objects) members.push({ path: `${MEMBER_PATHS.vaultPrefix}${relative}`, file: path.join(sources.vaultDir, relative) });

    // 3. Deployment record
    const deployment = readDeployment(sources.deploymentFile);
    if (deployment) {
      fs.copyFileSync(sources.deploymentFile, path.join(staging, MEMBER_PATHS.deployment));
      members.push({ path: MEMBER_PATHS.deployment, file: path.join(staging, MEMBER_PATHS.deployment) });
    }

    // 4. Chain state, last
    say(log, sources.externalNode ? "recording the external node's head (its chain is not copied)…" : "saving the bundled anvil's chain state…");
    const chainFile = path.join(staging, MEMBER_PATHS.chainState);
    const chain = await captureChainState({
      external: sources.externalNode,
      rpcUrl: sources.nodeRpcUrl,
      expectedChainId: sources.chainId,
      anvilStateFile: path.join(sources.dataDir, "anvil-state.json"),
      deployment,
      targetFile: chainFile,
    });
    if (chain.source === "none" && deployment) {
      throw new BackupError("the bundled anvil is not running and its state file (anvil-state.json) is missing: the chain cannot be backed up");
    }
    if (deployment && chain.blockNumber !== null && chain.blockNumber < deployment.blockNumber) {
      throw new BackupError(`the chain state ends at block ${chain.blockNumber}, before the deployment (block ${deployment.blockNumber}): it is not this deployment's chain`);
    }
    if (chain.written) members.push({ path: MEMBER_PATHS.chainState, file: chainFile });
    say(log, chain.source === "anvil_dumpState" ? `  chain state taken from the running anvil at block ${chain.blockNumber}` : `  chain: ${chain.source}${chain.blockNumber !== null ? ` at block ${chain.blockNumber}` : ""}`);

    // 5. Manifest and archive
    const hashed: ManifestMember[] = [];
    for (const member of members) hashed.push({ path: member.path, ...(await hashFile(member.file)) });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      capsule: capsuleVersion(sources.rootDir),
      node: process.version,
      database: { dialect: sources.databaseUrl ? "postgres" : "sqlite", member: databaseMember, migrations, pgDumpVersion },
      deployment: deployment ? { member: MEMBER_PATHS.deployment, chainId: deployment.chainId, blockNumber: deployment.blockNumber } : null,
      chain: { source: chain.source, member: chain.written ? MEMBER_PATHS.chainState : null, chainId: chain.chainId, blockNumber: chain.blockNumber },
      vault: { objects: objects.length },
      members: hashed,
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    say(log, "writing the archive…");
    fs.writeFileSync(partial, "", { mode: 0o600 }); // the archive holds private drafts: owner-only from the start
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, ["manifest.json", ...members.map((m) => m.path)]);
    fs.chmodSync(partial, 0o600);
    const fd = fs.openSync(partial, "r");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, target);
    return manifest;
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
