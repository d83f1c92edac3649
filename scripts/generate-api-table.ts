import fs from "node:fs";
import path from "node:path";
import { generatedRegistryFiles } from "./registry-files";

// npm run docs:api — rewrites what is written from the endpoint registry: the "Every route" table of
// docs/API.md and the fast path's table of conditional reads (features/conditional-reads.ts).
for (const { file, text } of await generatedRegistryFiles()) {
  const before = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, text);
  const name = path.relative(path.resolve(import.meta.dirname, ".."), file);
  console.log(before === text ? `${name}: already current` : `${name}: rewritten from features/registry.ts`);
}
