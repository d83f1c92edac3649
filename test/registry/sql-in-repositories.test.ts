import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// SQL is written in repositories and migrations only (docs/ARCHITECTURE.md, "Where SQL lives"):
// files under lib/db (repositories, migrations, the connection and its few schema-wide statements)
// and files named *.repository.ts. The indexer (lib/indexer) is the one declared exception: the
// projection engine owns the chain_* tables and its projectors write inside its batch transaction.

const root = path.resolve(import.meta.dirname, "..", "..");
const productFolders = ["app", "pages", "components", "hooks", "lib", "server", "bounty"];

// Kysely's statement builders and raw SQL templates; `db.transaction()` is orchestration, not SQL.
const writesSql = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(`|<|\.raw\(|\.table\(|\.ref\(|\.id\(|\.lit\()/;

/** Services whose queries still have to move into repositories; the list may only shrink. */
const notMovedYet = new Set<string>([
  // its ranking reads the outlets' standing (lib/distribution), which a repository may not import
  "features/reader/published-articles.ts",
]);

const allowed = (file: string) => file.startsWith("lib/db/") || file.endsWith(".repository.ts") || file.startsWith("lib/indexer/");

function sourcesOf(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourcesOf(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
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
    expect(withSql.filter((file) => !allowed(file) && !notMovedYet.has(file))).toEqual([]);
  });

  it("keeps the list of services not moved yet honest: each still holds SQL", () => {
    expect([...notMovedYet].filter((file) => !withSql.includes(file))).toEqual([]);
  });
});
