import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One outlet's read is one query on the desk: its key, its fetcher and the parse of its answer live in
// components/outlet-query/outlet-query.ts, which the outlet page (components/outlets) and the Bonds page's role rows
// (components/bonds) both import. A second copy of the query (the Bonds page kept one, as importing components/outlets
// would have closed a folder cycle) could drift from the first: another key, another parse, another refresh.

const root = path.resolve(import.meta.dirname, "..", "..");
const HOME = "components/outlet-query/outlet-query.ts";

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const clientFiles = () => [...sources(path.join(root, "components")), ...sources(path.join(root, "app"))].map((file) => path.relative(root, file));

describe("the outlet read's query", () => {
  it("is made in one module", () => {
    const files = clientFiles();
    expect(files).toContain(HOME);
    // the descriptor of GET /api/outlets/:slug is called from that module only
    expect(files.filter((file) => /import \{[^}]*\boutletRead\b[^}]*\} from "@\/features\/outlets\/read\.endpoint"/.test(fs.readFileSync(path.join(root, file), "utf8")))).toEqual([HOME]);
    // and no other file spells its cache key
    expect(files.filter((file) => file !== HOME && /\[\s*"outlets",\s*"detail"/.test(fs.readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });

  it("is what the outlet page and the Bonds page's role rows read", () => {
    for (const file of ["components/outlets/use-outlets.ts", "components/bonds/bond-panel.tsx"]) {
      expect(fs.readFileSync(path.join(root, file), "utf8"), file).toContain('from "@/components/outlet-query/outlet-query"');
    }
  });
});
