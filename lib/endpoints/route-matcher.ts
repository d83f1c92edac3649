// The one route matcher: the registry's pre-router answers, the fast read path and the metrics
// route labels all match paths with it. Patterns are written as the registry writes them
// (`/api/capsules/:id`), with `:name*` (or a bare `*`) for a catch-all and `:name*?` for an optional catch-all
// (how app/ folder names read as patterns). Precedence is Next.js's: a static segment beats a
// parameter, which beats a catch-all.

export type RouteMatch = { pattern: string; params: Record<string, string> };
export type RouteMatcher = (pathname: string) => RouteMatch | undefined;

type Node = {
  statics: Map<string, Node>;
  dynamic?: { name: string; node: Node };
  catchAll?: { name: string; pattern: string };
  optionalCatchAll?: { name: string; pattern: string };
  pattern?: string;
};
const newNode = (): Node => ({ statics: new Map() });

function build(patterns: readonly string[]): Node {
  const root = newNode();
  for (const pattern of patterns) {
    let node = root;
    let open = true;
    for (const segment of pattern.split("/").filter(Boolean)) {
      if (segment.startsWith(":") && segment.endsWith("*?")) {
        node.optionalCatchAll = { name: segment.slice(1, -2), pattern };
        open = false;
        break;
      }
      if (segment === "*" || (segment.startsWith(":") && segment.endsWith("*"))) {
        node.catchAll = { name: segment === "*" ? "*" : segment.slice(1, -1), pattern };
        open = false;
        break;
      }
      if (segment.startsWith(":")) {
        node.dynamic ??= { name: segment.slice(1), node: newNode() };
        node = node.dynamic.node;
      } else {
        const next = node.statics.get(segment) ?? newNode();
        node.statics.set(segment, next);
        node = next;
      }
    }
    if (open) node.pattern = pattern;
  }
  return root;
}

function matchFrom(segments: string[], index: number, node: Node, params: Record<string, string>): RouteMatch | undefined {
  if (index === segments.length) {
    if (node.pattern !== undefined) return { pattern: node.pattern, params };
    if (node.optionalCatchAll) return { pattern: node.optionalCatchAll.pattern, params };
    return undefined;
  }
  const segment = segments[index] as string;
  const fromStatic = node.statics.get(segment);
  const found =
    (fromStatic && matchFrom(segments, index + 1, fromStatic, params)) ??
    (node.dynamic && matchFrom(segments, index + 1, node.dynamic.node, { ...params, [node.dynamic.name]: segment }));
  if (found) return found;
  const rest = segments.slice(index).join("/");
  if (node.catchAll) return { pattern: node.catchAll.pattern, params: { ...params, [node.catchAll.name]: rest } };
  if (node.optionalCatchAll) return { pattern: node.optionalCatchAll.pattern, params: { ...params, [node.optionalCatchAll.name]: rest } };
  return undefined;
}

export function createRouteMatcher(patterns: readonly string[]): RouteMatcher {
  const root = build(patterns);
  return (pathname) => matchFrom(pathname.split("/").filter(Boolean), 0, root, {});
}

/** True when `pathname` is written as the router writes it: no empty segment, no trailing slash. */
export function isCanonicalPath(pathname: string): boolean {
  return pathname === "/" || (pathname.startsWith("/") && !pathname.endsWith("/") && !pathname.includes("//"));
}
