import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/connection";
import { migrations } from "@/lib/db/migrations";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest } from "@/test/support/stack";

const rootDir = path.resolve(import.meta.dirname, "..", "..");

function runMigrate(env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "scripts/migrate.ts"], {
    cwd: rootDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// `npm run db:migrate` applies every migration once to the configured database, then reports it is up to date.
describe.each(await dialectsUnderTest())("npm run db:migrate on %s", (dialect) => {
  it("applies every migration once and is idempotent", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-migrate-"));
    const pgDb = dialect === "postgres" ? await createTestDatabase() : undefined;
    const env = { CAPSULE_DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
    try {
      const first = runMigrate(env);
      expect(first.status, first.output).toBe(0);
      for (const name of Object.keys(migrations)) expect(first.output).toContain(name);

      const second = runMigrate(env);
      expect(second.status, second.output).toBe(0);
      expect(second.output).toContain("already up to date");

      const handle = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: path.join(dataDir, "capsule.sqlite") });
      try {
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
        expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      } finally {
        await handle.close();
      }
    } finally {
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
