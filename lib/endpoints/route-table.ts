import { endpoints } from "./registry";
import type { Endpoint } from "./define";

// Which registered paths a request path matches, for answers given before Next.js routes a
// request (unknown methods, malformed URLs) and for the registry's own tests.

export type RouteEntry = { template: string; pattern: RegExp; methods: string[] };

const patternOf = (template: string) =>
  new RegExp(`^${template.split("/").map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}$`);

/** One entry per path template, with every method the registry serves there. */
export function routeTable(list: readonly Endpoint[] = endpoints): RouteEntry[] {
  const byTemplate = new Map<string, RouteEntry>();
  for (const endpoint of list) {
    const entry = byTemplate.get(endpoint.path) ?? { template: endpoint.path, pattern: patternOf(endpoint.path), methods: [] };
    entry.methods.push(endpoint.method);
    byTemplate.set(endpoint.path, entry);
  }
  // static segments win over parameters, as in the router (`/api/ads/campaigns` before `/api/ads/:capsuleId`)
  return [...byTemplate.values()].sort((a, b) => (a.template.match(/:/g)?.length ?? 0) - (b.template.match(/:/g)?.length ?? 0));
}

export function matchRoute(table: RouteEntry[], path: string): RouteEntry | undefined {
  return table.find((entry) => entry.pattern.test(path));
}

const ANSWERED = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

/** The `Allow` value of a path: its methods, HEAD with GET, and OPTIONS. */
export function allowOf(methods: readonly string[]): string {
  return ANSWERED.filter((m) => methods.includes(m) || (m === "HEAD" && methods.includes("GET")) || m === "OPTIONS").join(", ");
}
