import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { withRouteTable } from "@/features/api-route-table";
import { conditionalReadsSource } from "@/lib/docs/conditional-reads-source";
import { endpoints } from "@/features/registry";

// The files written from the endpoint registry (npm run docs:api); their tests fail when one is stale.
const root = path.resolve(import.meta.dirname, "..");
export const apiDocFile = path.join(root, "docs", "API.md");
export const conditionalReadsFile = path.join(root, "features", "conditional-reads.ts");

/** Every shared read handler module (features/*-reads.ts, the generated table aside), by file name. */
async function routeModules(): Promise<Record<string, Record<string, unknown>>> {
  const dir = path.dirname(conditionalReadsFile);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith("-reads.ts") && f !== path.basename(conditionalReadsFile));
  const loaded = await Promise.all(files.map(async (f) => [f.replace(/\.ts$/, ""), (await import(pathToFileURL(path.join(dir, f)).href)) as Record<string, unknown>] as const));
  return Object.fromEntries(loaded);
}

export async function generatedRegistryFiles(): Promise<Array<{ file: string; text: string }>> {
  return [
    { file: apiDocFile, text: withRouteTable(fs.readFileSync(apiDocFile, "utf8")) },
    { file: conditionalReadsFile, text: conditionalReadsSource(endpoints, await routeModules()) },
  ];
}
