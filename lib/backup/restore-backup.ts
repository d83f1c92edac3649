import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { countPublicTables } from "@/lib/db/server-functions";
import * as tar from "tar";
import { openDatabase } from "@/lib/db/connection";
import { migrations as knownMigrations } from "@/lib/db/migrations";
import { pgRestore } from "./postgres-tools";
import { BackupError, hashFile, manifestSchema, MEMBER_PATHS, type BackupManifest } from "./manifest";

export type RestoreTargets = {
  dataDir: string;
  databaseUrl: string | undefined;
  vaultDir: string;
  deploymentFile: string;
};

const say = (log: ((m: string) => void) | undefined, message: string) => log?.(message);

function isEmptyOrAbsent(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

const inside = (child: string, parent: string) => !path.relative(parent, child).startsWith("..") && !path.isAbsolute(path.relative(parent, child));

/** Everything that must be empty before a restore writes anything. */
async function checkTargets(targets: RestoreTargets): Promise<void> {
  if (!isEmptyOrAbsent(targets.dataDir)) {
    const entries = fs.readdirSync(targets.dataDir);
    throw new BackupError(
      `refusing to restore into ${targets.dataDir}: it is not empty (${entries.length} entr${entries.length === 1 ? "y" : "ies"}: ${entries.slice(0, 5).join(", ")}${entries.length > 5 ? ", …" : ""}). ` +
        "Restore into an empty directory (set CAPSULE_DATA_DIR), or move the current data away first.",
    );
  }
  if (!inside(targets.vaultDir, targets.dataDir) && !isEmptyOrAbsent(targets.vaultDir)) {
    throw new BackupError(`refusing to restore: the vault directory ${targets.vaultDir} (CAPSULE_VAULT_DIR) is not empty`);
  }
  if (!inside(targets.deploymentFile, targets.dataDir) && fs.existsSync(targets.deploymentFile)) {
    throw new BackupError(`refusing to restore: the deployment record ${targets.deploymentFile} (CAPSULE_DEPLOYMENT_FILE) already exists`);
  }
  if (targets.databaseUrl) {
    const handle = openDatabase({ databaseUrl: targets.databaseUrl, sqliteFile: "" });
    try {
      const count = await countPublicTables(handle.db);
      if (count > 0) throw new BackupError(`refusing to restore: the PostgreSQL database in DATABASE_URL is not empty (${count} tables); create an empty database for the restore`);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`cannot reach the PostgreSQL database in DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await handle.close();
    }
  }
}

/** Unpacks into `staging`, refusing links, devices and anything that is not a plain file or directory. */
async function extract(archive: string, staging: string): Promise<void> {
  const refused: string[] = [];
  try {
    await tar.x({
      file: archive,
      cwd: staging,
      strict: true,
      filter: (entryPath, entry) => {
        const type = "type" in entry ? entry.type : undefined;
        const ok = type === "File" || type === "Directory" || type === "OldFile";
        if (!ok) refused.push(`${entryPath} (${String(type)})`);
        return ok;
      },
    });
  } catch (error) {
    throw new BackupError(`${archive} is damaged or not a Capsule backup archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (refused.length > 0) throw new BackupError(`the archive holds entries a Capsule backup never has: ${refused.slice(0, 5).join(", ")}`);
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/** The manifest, after checking that every member is there, intact, and nothing else is. */
async function verify(staging: string): Promise<BackupManifest> {
  const manifestFile = path.join(staging, "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new BackupError("the archive has no manifest.json: it is not a Capsule backup");
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, "utf8")));
  } catch (error) {
    throw new BackupError(`manifest.json is not a Capsule backup manifest this version can read: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`);
  }
  const listed = new Set(manifest.members.map((m) => m.path));
  for (const member of manifest.members) {
    const file = path.join(staging, member.path);
    if (!fs.existsSync(file)) throw new BackupError(`the archive is incomplete: member ${member.path} is missing`);
    const actual = await hashFile(file);
    if (actual.bytes !== member.bytes || actual.sha256 !== member.sha256) {
      throw new BackupError(`the archive is corrupt: ${member.path} does not match its checksum in the manifest`);
    }
  }
  const extra = listFiles(staging).filter((file) => file !== "manifest.json" && !listed.has(file));
  if (extra.length > 0) throw new BackupError(`the archive holds files its manifest does not list: ${extra.slice(0, 5).join(", ")}`);
  for (const required of [manifest.database.member, manifest.deployment?.member, manifest.chain.member]) {
    if (required && !listed.has(required)) throw new BackupError(`the archive is incomplete: the manifest names ${required} but does not list it`);
  }
  return manifest;
}

/** rename, or copy when the target is on another file system. */
function move(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    fs.cpSync(from, to, { recursive: true });
  }
}

/**
 * Restores an archive made by createBackup into an empty data directory (and an empty database
 * for PostgreSQL). Nothing is written to the targets before the whole archive has been checked.
 */
export async function restoreBackup(archive: string, targets: RestoreTargets, log?: (message: string) => void): Promise<BackupManifest> {
  const file = path.resolve(archive);
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  await checkTargets(targets);
  fs.mkdirSync(path.dirname(targets.dataDir), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(targets.dataDir), ".capsule-restore-"));
  const installed: string[] = [];
  try {
    say(log, `checking ${file}…`);
    await extract(file, staging);
    const manifest = await verify(staging);
    say(log, `  backup of ${manifest.createdAt} by Capsule ${manifest.capsule.version}${manifest.capsule.commit ? ` (${manifest.capsule.commit.slice(0, 12)})` : ""}: every checksum matches`);
    const dialect = targets.databaseUrl ? "postgres" : "sqlite";
    if (manifest.database.dialect !== dialect) {
      throw new BackupError(
        `the archive holds a ${manifest.database.dialect === "sqlite" ? "SQLite" : "PostgreSQL"} database but this configuration uses ${dialect === "sqlite" ? "SQLite (DATABASE_URL is unset)" : "PostgreSQL (DATABASE_URL)"}; restore with the same kind of database`,
      );
    }
    const unknown = manifest.database.migrations.filter((name) => !Object.hasOwn(knownMigrations, name));
    if (unknown.length > 0) say(log, `  warning: the backup was made by a newer version (migrations ${unknown.join(", ")}); this version will refuse to start on it`);
    if (dialect === "sqlite") {
      const copy = new Database(path.join(staging, manifest.database.member), { readonly: true, fileMustExist: true });
      try {
        const check = copy.pragma("quick_check", { simple: true });
        if (check !== "ok") throw new BackupError(`the database in the archive fails SQLite's integrity check: ${String(check)}`);
      } finally {
        copy.close();
      }
    }

    if (!fs.existsSync(targets.dataDir)) {
      // its user's alone, as npm start makes it: the database holds private drafts
      fs.mkdirSync(targets.dataDir, { recursive: true, mode: 0o700 });
      installed.push(targets.dataDir);
    }
    if (dialect === "postgres") {
      say(log, "restoring the PostgreSQL database (pg_restore, one transaction)…");
      await pgRestore(targets.databaseUrl as string, path.join(staging, manifest.database.member));
    } else {
      move(path.join(staging, manifest.database.member), path.join(targets.dataDir, "capsule.sqlite"));
      installed.push(path.join(targets.dataDir, "capsule.sqlite"));
    }
    if (manifest.vault.objects > 0) {
      move(path.join(staging, "vault"), targets.vaultDir);
      installed.push(targets.vaultDir);
    }
    if (manifest.deployment) {
      move(path.join(staging, manifest.deployment.member), targets.deploymentFile);
      installed.push(targets.deploymentFile);
    }
    if (manifest.chain.member) {
      move(path.join(staging, manifest.chain.member), path.join(targets.dataDir, "anvil-state.json"));
      installed.push(path.join(targets.dataDir, "anvil-state.json"));
    }
    say(log, `restored: database (${manifest.database.migrations.length} migrations), ${manifest.vault.objects} vault object(s), ${manifest.deployment ? "the deployment record" : "no deployment record"}, chain: ${manifest.chain.source}${manifest.chain.blockNumber !== null ? ` at block ${manifest.chain.blockNumber}` : ""}`);
    return manifest;
  } catch (error) {
    // The targets were empty: take back what this restore put there.
    for (const target of installed.reverse()) fs.rmSync(target, { recursive: true, force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
