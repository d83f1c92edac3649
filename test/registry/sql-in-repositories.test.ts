import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// SQL is written in repositories and migrations only (docs/ARCHITECTURE.md, "Where SQL lives"):
// files under lib/db (migrations, the connection and its few schema-wide statements) and files named
// *.repository.ts, which sit in their feature's folder. The indexer is the one declared exception:
// the projection engine (lib/indexer) owns the chain_* tables, and the projectors (*.projector.ts,
// each in its feature's folder) write inside its batch transaction.

const root = path.resolve(import.meta.dirname, "..", "..");
const productFolders = ["app", "pages", "components", "features", "lib", "server", "bounty"];

// Kysely's statement builders and raw SQL templates; `db.transaction()` is orchestration, not SQL.
const writesSql = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(`|<|\.raw\(|\.table\(|\.ref\(|\.id\(|\.lit\()/;


const allowed = (file: string) => file.startsWith("lib/db/") || file.endsWith(".repository.ts") || file.startsWith("lib/indexer/") || file.endsWith(".projector.ts");

function sourcesOf(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourcesOf(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.test-support\.ts$/.test(entry.name) ? [rel] : [];
  });
}

describe("where SQL is written", () => {
  const files = productFolders.flatMap(sourcesOf);
  const withSql = files.filter((file) => writesSql.test(fs.readFileSync(path.join(root, file), "utf8")));

  it("finds SQL where it belongs (the check sees the repositories)", () => {
    expect(files.length).toBeGreaterThan(400);
    expect(withSql).toContain("features/capsules/capsules.repository.ts");
    expect(withSql).toContain("bounty/bounty.repository.ts");
  });

  it("writes SQL only in repositories, migrations and the indexer", () => {
    expect(withSql.filter((file) => !allowed(file))).toEqual([]);
  });

  it("would flag a service that writes SQL, and leaves a transaction alone", () => {
    expect(writesSql.test('await db.selectFrom("capsules").selectAll().execute();')).toBe(true);
    expect(writesSql.test("await trx.executeQuery(sql`select 1`);")).toBe(true);
    expect(writesSql.test("await db.transaction().execute(async (trx) => save(trx, row));")).toBe(false);
    expect(allowed("features/reader/published-articles.ts")).toBe(false);
    expect(allowed("features/reader/published-articles.repository.ts")).toBe(true);
  });
});
