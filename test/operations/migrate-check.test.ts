import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/connection";
import { migrations } from "@/lib/db/migrations";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest, startStack } from "@/test/support/stack";
import { runScript } from "./support";

// Upgrades: `npm run db:migrate -- --check` lists pending migrations (exit 1 when some are, 0 when
// none), and a database migrated by a newer version is refused by db:migrate and by `npm start`.
const names = Object.keys(migrations).sort();
const FUTURE = "2099-01-01-0001-from-a-newer-version";

describe.each(await dialectsUnderTest())("db:migrate --check on %s", (dialect) => {
  async function fixture() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-migrate-check-"));
    const pg = dialect === "postgres" ? await createTestDatabase() : undefined;
    const env = { CAPSULE_DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) };
    const open = () => openDatabase({ databaseUrl: pg?.url, sqliteFile: path.join(dataDir, "capsule.sqlite") });
    const cleanup = async () => {
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    return { dataDir, env, open, cleanup, pg };
  }

  it("lists every migration on a fresh database, exits 1, and creates nothing", async () => {
    const f = await fixture();
    try {
      const check = runScript("migrate.ts", ["--check"], f.env);
      expect(check.status, check.output).toBe(1);
      for (const name of names) expect(check.stdout).toContain(`pending ${name}`);
      if (dialect === "sqlite") expect(fs.existsSync(path.join(f.dataDir, "capsule.sqlite"))).toBe(false);
      else {
        const handle = f.open();
        try {
          const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(handle.db);
          expect(tables.rows[0]?.n).toBe(0);
        } finally {
          await handle.close();
        }
      }
    } finally {
      await f.cleanup();
    }
  });

  it("lists only what is left on a partly migrated database, and exits 0 once migrated", async () => {
    const f = await fixture();
    try {
      const handle = f.open();
      const older = Object.fromEntries(names.slice(0, 3).map((name) => [name, migrations[name]!]));
      await new Migrator({ db: handle.db, provider: { getMigrations: async () => older } }).migrateToLatest();
      await handle.close();

      const partial = runScript("migrate.ts", ["--check"], f.env);
      expect(partial.status, partial.output).toBe(1);
      expect(partial.stdout).toContain(`3 applied, ${names.length - 3} pending`);
      for (const name of names.slice(0, 3)) expect(partial.stdout).not.toContain(`pending ${name}`);
      for (const name of names.slice(3)) expect(partial.stdout).toContain(`pending ${name}`);

      expect(runScript("migrate.ts", [], f.env).status).toBe(0);
      const done = runScript("migrate.ts", ["--check"], f.env);
      expect(done.status, done.output).toBe(0);
      expect(done.stdout).toContain(`${names.length} applied, 0 pending`);
      expect(done.stdout).toContain("up to date");
    } finally {
      await f.cleanup();
    }
  });

  it("refuses a database migrated by a newer version: --check exits 2, db:migrate exits 2, npm start refuses", async () => {
    const f = await fixture();
    try {
      expect(runScript("migrate.ts", [], f.env).status).toBe(0);
      const handle = f.open();
      await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(handle.db);
      await handle.close();

      const message = `this database was migrated by a newer version of Capsule: it has migration ${FUTURE} that this version does not know`;
      const check = runScript("migrate.ts", ["--check"], f.env);
      expect(check.status).toBe(2);
      expect(check.stderr).toContain(message);
      const migrate = runScript("migrate.ts", [], f.env);
      expect(migrate.status).toBe(2);
      expect(migrate.stderr).toContain(message);

      const start = startStack({ database: dialect, dataDir: f.dataDir, databaseUrl: f.pg?.url });
      await expect(start).rejects.toThrow(message);
    } finally {
      await f.cleanup();
    }
  });
});
