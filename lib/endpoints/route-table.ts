import type { Endpoint } from "./define";
import { createRouteMatcher, type RouteMatcher } from "./route-matcher";

// Which registered paths a request path matches, for answers given before Next.js routes a
// request (unknown methods, malformed URLs) and for the registry's own tests.

export type RouteEntry = { template: string; methods: string[] };
export type RouteTable = { entries: RouteEntry[]; match: RouteMatcher };

/** One entry per path template, with every method the registry serves there. */
export function routeTable(list: readonly Endpoint[]): RouteTable {
  const byTemplate = new Map<string, RouteEntry>();
  for (const endpoint of list) {
    const entry = byTemplate.get(endpoint.path) ?? { template: endpoint.path, methods: [] };
    entry.methods.push(endpoint.method);
    byTemplate.set(endpoint.path, entry);
  }
  return { entries: [...byTemplate.values()], match: createRouteMatcher([...byTemplate.keys()]) };
}

export function matchRoute(table: RouteTable, path: string): RouteEntry | undefined {
  const hit = table.match(path);
  return hit && table.entries.find((entry) => entry.template === hit.pattern);
}

const ANSWERED = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

/** The `Allow` value of a path: its methods, HEAD with GET, and OPTIONS. */
export function allowOf(methods: readonly string[]): string {
  return ANSWERED.filter((m) => methods.includes(m) || (m === "HEAD" && methods.includes("GET")) || m === "OPTIONS").join(", ");
}
