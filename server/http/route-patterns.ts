import fs from "node:fs";
import path from "node:path";
import { createRouteMatcher } from "@/lib/endpoints/route-matcher";

// Route patterns for metrics and access lines: a request is labelled with the pattern that serves
// it (/api/capsules/:id), never its raw path, so the number of label values is bounded by the
// number of routes. Patterns come from the app/ directory (pages, route handlers, metadata files),
// pages/ (the article page), public/ and the custom server's own endpoints; anything else is "unmatched".
export const UNMATCHED = "unmatched";

const HANDLER_FILE = /^(page|route)\.(tsx|ts|jsx|js|mdx)$/;

function metadataRoute(file: string): string | undefined {
  const match = /^(favicon|icon\d*|apple-icon\d*|opengraph-image\d*|twitter-image\d*|sitemap|robots|manifest)\.([a-z]+)$/.exec(file);
  if (!match) return undefined;
  const [, name, ext] = match as unknown as [string, string, string];
  const generated = ["ts", "tsx", "js", "jsx"].includes(ext);
  if (name === "sitemap") return "sitemap.xml";
  if (name === "robots") return "robots.txt";
  if (name === "manifest") return generated ? "manifest.webmanifest" : file;
  return generated ? name : file;
}

function segmentPattern(segment: string): string | null {
  if (segment.startsWith("(") && segment.endsWith(")")) return null; // route group: not in the URL
  if (segment.startsWith("@")) return null; // parallel route slot
  const optionalCatchAll = /^\[\[\.\.\.(.+)\]\]$/.exec(segment);
  if (optionalCatchAll) return `:${optionalCatchAll[1]}*?`;
  const catchAll = /^\[\.\.\.(.+)\]$/.exec(segment);
  if (catchAll) return `:${catchAll[1]}*`;
  const dynamic = /^\[(.+)\]$/.exec(segment);
  if (dynamic) return `:${dynamic[1]}`;
  return segment;
}

/** Every URL pattern the app/ directory serves. */
export function appRoutePatterns(appDir: string): string[] {
  const patterns = new Set<string>();
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith("_")) continue; // private folder
        const pattern = segmentPattern(entry.name);
        walk(path.join(dir, entry.name), pattern === null ? segments : [...segments, pattern]);
      } else if (HANDLER_FILE.test(entry.name)) {
        patterns.add(`/${segments.join("/")}`);
      } else {
        const meta = metadataRoute(entry.name);
        if (meta) patterns.add(`/${[...segments, meta].join("/")}`);
      }
    }
  };
  walk(appDir, []);
  return [...patterns].sort();
}

const PAGE_FILE = /^(.+)\.(tsx|ts|jsx|js)$/;

/** Every URL pattern the pages/ directory serves (its _app, _document and api/ serve none here). */
export function pagesRoutePatterns(pagesDir: string): string[] {
  if (!fs.existsSync(pagesDir)) return [];
  const patterns = new Set<string>();
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith("_") || (segments.length === 0 && entry.name === "api")) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, segmentPattern(entry.name) ?? entry.name]);
      else {
        const name = PAGE_FILE.exec(entry.name)?.[1];
        if (name) patterns.add(`/${(name === "index" ? segments : [...segments, segmentPattern(name) ?? name]).join("/")}`);
      }
    }
  };
  walk(pagesDir, []);
  return [...patterns].sort();
}

/** Files under public/, each served at its own path. */
export function publicFilePatterns(publicDir: string): string[] {
  if (!fs.existsSync(publicDir)) return [];
  return fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
    .sort();
}

/** Labels a path with the pattern that serves it, through the registry's matcher (lib/endpoints/route-matcher.ts). */
export function routeLabeler(patterns: string[]): (pathname: string) => string {
  const match = createRouteMatcher(patterns);
  return (pathname) => match(pathname)?.pattern ?? UNMATCHED;
}

/** The custom server's own endpoints and Next's asset paths, besides what app/ and public/ serve. */
export const SERVER_PATTERNS = ["/rpc", "/rpc/archive", "/rpc/testnet", "/ws", "/metrics", "/_next/static/*", "/_next/image", "/_next/*"];

/** The matcher for this checkout: app/, pages/ and public/ under `rootDir`, plus SERVER_PATTERNS. */
export function routeMatcherFor(rootDir: string): (pathname: string) => string {
  const fromFiles = [...appRoutePatterns(path.join(rootDir, "app")), ...pagesRoutePatterns(path.join(rootDir, "pages")), ...publicFilePatterns(path.join(rootDir, "public"))];
  return routeLabeler([...SERVER_PATTERNS, ...fromFiles]);
}
