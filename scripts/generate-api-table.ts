import fs from "node:fs";
import path from "node:path";
import { withRouteTable } from "@/lib/docs/api-route-table";

// npm run docs:api — rewrites the "Every route" table of docs/API.md from the endpoint registry.
const file = path.resolve(import.meta.dirname, "..", "docs", "API.md");
const before = fs.readFileSync(file, "utf8");
const after = withRouteTable(before);
fs.writeFileSync(file, after);
console.log(before === after ? "docs/API.md: the route table was already current" : "docs/API.md: route table rewritten from lib/endpoints/registry.ts");
