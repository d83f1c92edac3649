import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { openDatabase } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { startTestAnvil } from "@/test/support/anvil";
import { createTestDatabase } from "@/test/support/postgres";
import { rpc, runScript } from "./support";

// npm run backup / restore on a data directory without a running server: what goes in, what comes
// back, and every way a restore refuses (non-empty target, damaged archive) without writing.
const DEV = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
let work: string;
let dataDir: string;
let anvil: AnvilHandle | undefined;

/** A data directory as `npm start` leaves it: SQLite with rows, a vault, a deployment record, anvil's state. */
async function seedDataDir(): Promise<{ head: string; blockHash: string }> {
  const handle = openDatabase({ sqliteFile: path.join(dataDir, "capsule.sqlite") });
  await migrateToLatest(handle.db);
  await sql`insert into auth_nonces (nonce, wallet, action, expires_at, used_at) values ('n-1', ${DEV}, 'auth.check', 99999999999, 1)`.execute(handle.db);
  await handle.close();
  fs.mkdirSync(path.join(dataDir, "vault", "9f"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "vault", "9f", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"), "test");
  fs.writeFileSync(path.join(dataDir, "vault", "9f", "partial.abc.tmp"), "in progress");

  anvil = await startTestAnvil({ stateFile: path.join(dataDir, "anvil-state.json") });
  // A one-byte contract that logs in its constructor stands in for the deployment.
  const deployTx = await rpc(anvil.rpcUrl, "eth_sendTransaction", [{ from: DEV, data: "0x60006000a060016000f3" }]);
  // anvil mines on send, but may answer the send before the receipt is stored: asked again until it is
  let receipt = await rpc(anvil.rpcUrl, "eth_getTransactionReceipt", [deployTx]);
  for (let tries = 0; receipt === null && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    receipt = await rpc(anvil.rpcUrl, "eth_getTransactionReceipt", [deployTx]);
  }
  if (receipt === null) throw new Error(`anvil has no receipt for ${String(deployTx)} after 5 s`);
  await rpc(anvil.rpcUrl, "evm_mine");
  const contract = { address: receipt.contractAddress, blockNumber: Number(receipt.blockNumber), txHash: deployTx };
  const contracts = Object.fromEntries(
    ["roleRegistry", "burnPool", "capsuleAcceptance", "articleRegistry", "integrityCourt", "juryCourt", "validatorsVault", "mediaValidatorsVault", "integrityTreasury", "vaultOperatorsVault", "foundationVault", "licenceEscrow"].map((k) => [k, contract]),
  );
  fs.writeFileSync(
    path.join(dataDir, "deployment.json"),
    JSON.stringify({ chainId: 77117002, deployer: DEV, blockNumber: contract.blockNumber, deployedAt: new Date().toISOString(), sourceHash: `0x${"11".repeat(32)}`, contracts }),
  );
  const head = await rpc(anvil.rpcUrl, "eth_blockNumber");
  const block = await rpc(anvil.rpcUrl, "eth_getBlockByNumber", [head, false]);
  return { head, blockHash: block.hash };
}

const envFor = (dir: string, extra: Record<string, string> = {}) => ({ CAPSULE_DATA_DIR: dir, CAPSULE_ANVIL_PORT: String(anvil?.port ?? 1), ...extra });

let chain: { head: string; blockHash: string };
let archive: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-backup-"));
  dataDir = path.join(work, "data");
  fs.mkdirSync(dataDir);
  chain = await seedDataDir();
  archive = path.join(work, "running.tar.gz");
});

afterAll(async () => {
  await anvil?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("backup and restore of a data directory (SQLite)", () => {
  it("backs up while anvil runs (anvil_dumpState), with a manifest of checksums, and restores into an empty directory", async () => {
    const backup = runScript("backup.ts", [archive], envFor(dataDir));
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toContain(`chain state taken from the running anvil at block ${Number(BigInt(chain.head))}`);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    const listed: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => void listed.push(entry.path) });
    expect(listed.sort()).toEqual(
      ["manifest.json", "database/capsule.sqlite", "deployment.json", "chain/anvil-state.json", "vault/9f/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"].sort(),
    );

    const target = path.join(work, "restored");
    const restore = runScript("restore.ts", [archive], envFor(target));
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toContain("every checksum matches");
    expect(fs.readdirSync(target).sort()).toEqual(["anvil-state.json", "capsule.sqlite", "deployment.json", "vault"]);
    // made readable by its user only, as npm start makes a data directory: the database holds private drafts
    expect(fs.statSync(target).mode & 0o777).toBe(0o700);
    expect(fs.readFileSync(path.join(target, "deployment.json"), "utf8")).toBe(fs.readFileSync(path.join(dataDir, "deployment.json"), "utf8"));
    expect(fs.readFileSync(path.join(target, "vault", "9f", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"), "utf8")).toBe("test");
    const restoredDb = new Database(path.join(target, "capsule.sqlite"), { readonly: true });
    expect(restoredDb.prepare("select nonce from auth_nonces").all()).toEqual([{ nonce: "n-1" }]);
    restoredDb.close();

    // The restored chain state is the chain at backup time: same head, same block hash.
    const restoredAnvil = await startTestAnvil({ stateFile: path.join(target, "anvil-state.json") });
    try {
      expect(await rpc(restoredAnvil.rpcUrl, "eth_blockNumber")).toBe(chain.head);
      expect((await rpc(restoredAnvil.rpcUrl, "eth_getBlockByNumber", [chain.head, false])).hash).toBe(chain.blockHash);
    } finally {
      await restoredAnvil.stop();
    }
  });

  it("takes anvil's state file when anvil is not running", async () => {
    await anvil?.stop();
    const port = anvil?.port;
    anvil = undefined;
    const stopped = path.join(work, "stopped.tar.gz");
    const backup = runScript("backup.ts", [stopped], envFor(dataDir, { CAPSULE_ANVIL_PORT: String(port) }));
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toContain(`chain: state-file at block ${Number(BigInt(chain.head))}`);
    const target = path.join(work, "restored-stopped");
    expect(runScript("restore.ts", [stopped], envFor(target)).status).toBe(0);
    expect(fs.readFileSync(path.join(target, "anvil-state.json"), "utf8")).toBe(fs.readFileSync(path.join(dataDir, "anvil-state.json"), "utf8"));
  });

  it("refuses to overwrite an existing archive", () => {
    const again = runScript("backup.ts", [archive], envFor(dataDir));
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already exists; choose another file name");
  });
});

describe("restore refuses, writing nothing", () => {
  /** Unpacks the good archive, lets `change` alter the files, packs them again. */
  async function tampered(name: string, change: (dir: string) => void, members?: (dir: string) => string[]): Promise<string> {
    const dir = fs.mkdtempSync(path.join(work, "tamper-"));
    await tar.x({ file: archive, cwd: dir });
    change(dir);
    const file = path.join(work, `${name}.tar.gz`);
    const list = members?.(dir) ?? fs.readdirSync(dir);
    await tar.c({ gzip: true, file, cwd: dir }, list);
    return file;
  }

  function expectRefusal(file: string, message: RegExp, env: Record<string, string> = {}) {
    const target = path.join(work, `target-${Math.random().toString(36).slice(2)}`);
    const result = runScript("restore.ts", [file], envFor(target, env));
    expect(result.status, result.output).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(work).filter((n) => n.startsWith(".capsule-restore-"))).toEqual([]);
  }

  it("a non-empty data directory", () => {
    const target = path.join(work, "occupied");
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, "capsule.sqlite"), "precious");
    const result = runScript("restore.ts", [archive], envFor(target));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`refusing to restore into ${target}: it is not empty (1 entry: capsule.sqlite)`);
    expect(fs.readFileSync(path.join(target, "capsule.sqlite"), "utf8")).toBe("precious");
  });

  it("a member whose bytes do not match the manifest", async () => {
    const file = await tampered("changed", (dir) => fs.appendFileSync(path.join(dir, "deployment.json"), " "));
    expectRefusal(file, /the archive is corrupt: deployment\.json does not match its checksum in the manifest/);
  });

  it("a missing member", async () => {
    const file = await tampered("missing", (dir) => fs.rmSync(path.join(dir, "chain"), { recursive: true }));
    expectRefusal(file, /the archive is incomplete: member chain\/anvil-state\.json is missing/);
  });

  it("a file the manifest does not list", async () => {
    const file = await tampered("extra", (dir) => fs.writeFileSync(path.join(dir, "vault", "evil.sh"), "#!/bin/sh"));
    expectRefusal(file, /files its manifest does not list: vault\/evil\.sh/);
  });

  it("a symbolic link", async () => {
    const file = await tampered("symlink", (dir) => fs.symlinkSync("/etc/passwd", path.join(dir, "vault", "link")));
    expectRefusal(file, /entries a Capsule backup never has: vault\/link \(SymbolicLink\)/);
  });

  it("no manifest", async () => {
    const file = await tampered("no-manifest", () => undefined, (dir) => fs.readdirSync(dir).filter((n) => n !== "manifest.json"));
    expectRefusal(file, /has no manifest\.json: it is not a Capsule backup/);
  });

  it("a truncated archive and a file that is not an archive", () => {
    const truncated = path.join(work, "truncated.tar.gz");
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expectRefusal(truncated, /is damaged or not a Capsule backup archive/);
    const garbage = path.join(work, "garbage.tar.gz");
    fs.writeFileSync(garbage, "this is not a tar file at all ".repeat(40));
    expectRefusal(garbage, /is damaged or not a Capsule backup archive/);
  });

  it("a SQLite archive into a PostgreSQL configuration", async () => {
    const pg = await createTestDatabase();
    try {
      expectRefusal(archive, /the archive holds a SQLite database but this configuration uses PostgreSQL/, { DATABASE_URL: pg.url });
    } finally {
      await pg.drop();
    }
  });
});

describe("backup and restore with PostgreSQL", () => {
  it("dumps with pg_dump, restores with pg_restore into an empty database, and refuses a non-empty one", async () => {
    const source = await createTestDatabase();
    const empty = await createTestDatabase();
    try {
      const handle = openDatabase({ databaseUrl: source.url, sqliteFile: "" });
      await migrateToLatest(handle.db);
      await sql`insert into auth_nonces (nonce, wallet, action, expires_at, used_at) values ('pg-1', ${DEV}, 'auth.check', 99999999999, 1)`.execute(handle.db);
      await handle.close();

      const file = path.join(work, "postgres.tar.gz");
      const backup = runScript("backup.ts", [file], envFor(dataDir, { DATABASE_URL: source.url }));
      expect(backup.status, backup.output).toBe(0);
      expect(backup.output).toContain("pg_dump, one consistent snapshot");
      const listed: string[] = [];
      await tar.t({ file, onReadEntry: (entry) => void listed.push(entry.path) });
      expect(listed).toContain("database/capsule.pgdump");
      expect(listed).not.toContain("database/capsule.sqlite");

      // The source database is not empty: refused.
      const occupied = runScript("restore.ts", [file], envFor(path.join(work, "pg-occupied"), { DATABASE_URL: source.url }));
      expect(occupied.status).toBe(1);
      expect(occupied.stderr).toMatch(/the PostgreSQL database in DATABASE_URL is not empty \(\d+ tables\)/);

      const target = path.join(work, "pg-restored");
      const restore = runScript("restore.ts", [file], envFor(target, { DATABASE_URL: empty.url }));
      expect(restore.status, restore.output).toBe(0);
      expect(fs.readdirSync(target).sort()).toEqual(["anvil-state.json", "deployment.json", "vault"]);
      const restored = openDatabase({ databaseUrl: empty.url, sqliteFile: "" });
      try {
        const rows = await sql<{ nonce: string }>`select nonce from auth_nonces`.execute(restored.db);
        expect(rows.rows).toEqual([{ nonce: "pg-1" }]);
      } finally {
        await restored.close();
      }
    } finally {
      await source.drop();
      await empty.drop();
    }
  });

  it("says exactly what to run when pg_dump is not installed", async () => {
    const source = await createTestDatabase();
    try {
      const file = path.join(work, "no-tools.tar.gz");
      // A PATH with node and nothing else: no pg_dump.
      const bin = fs.mkdtempSync(path.join(work, "bin-"));
      fs.symlinkSync(process.execPath, path.join(bin, "node"));
      const result = runScript("backup.ts", [file], { ...envFor(dataDir, { DATABASE_URL: source.url }), PATH: bin });
      expect(result.status).toBe(3);
      expect(result.stderr).toContain("pg_dump was not found on PATH.");
      expect(result.stderr).toContain('pg_dump --format=custom --no-owner --no-privileges --file=capsule.pgdump "$DATABASE_URL"');
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await source.drop();
    }
  });
});
