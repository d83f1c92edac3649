import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appRoutePatterns, pagesRoutePatterns, routeLabeler, routeMatcherFor, UNMATCHED } from "./route-patterns";

const rootDir = path.resolve(import.meta.dirname, "..", "..");

/** `patterns` of a temporary directory holding these empty files. */
function inTree(files: string[], patterns: (dir: string) => string[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-routes-"));
  try {
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), "");
    }
    return patterns(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("route patterns from app/", () => {
  it("derives one pattern per page and route handler of this checkout", () => {
    const patterns = appRoutePatterns(path.join(rootDir, "app"));
    expect(patterns).toContain("/");
    expect(patterns).toContain("/api/capsules/:id");
    expect(patterns).toContain("/api/roles/:wallet/:outletSlug");
    expect(patterns).toContain("/api/:path*?");
    expect(patterns).toContain("/capsules/:id/history");
    expect(patterns).toContain("/icon.svg");
    expect(patterns.every((p) => !p.includes("["))).toBe(true);
  });

  it("handles route groups, slots, private folders, optional catch-alls and generated metadata", () => {
    const files = ["(marketing)/about/page.tsx", "@modal/login/page.tsx", "_lib/page.tsx", "docs/[[...slug]]/page.tsx", "sitemap.ts", "robots.txt", "feed.xml/route.ts"];
    expect(inTree(files, appRoutePatterns)).toEqual(["/about", "/docs/:slug*?", "/feed.xml", "/login", "/robots.txt", "/sitemap.xml"]);
  });
});

describe("route patterns from pages/", () => {
  it("derives the article page of this checkout, and index files, dynamic files and folders, without _app or api/", () => {
    expect(pagesRoutePatterns(path.join(rootDir, "pages"))).toEqual(["/read/:id"]);
    const files = ["_app.tsx", "_document.tsx", "api/hello.ts", "index.tsx", "about.tsx", "posts/[slug]/index.tsx", "posts/[slug]/[...rest].tsx"];
    expect(inTree(files, pagesRoutePatterns)).toEqual(["/", "/about", "/posts/:slug", "/posts/:slug/:rest*"]);
  });
});

describe("matching", () => {
  const match = routeMatcherFor(rootDir);

  it("labels paths with their pattern, never the raw path", () => {
    const cases: [string, string][] = [
      ["/", "/"],
      ["/api/capsules", "/api/capsules"],
      ["/api/capsules/12", "/api/capsules/:id"],
      ["/api/capsules/create", "/api/capsules/create"], // static beats dynamic
      ["/api/capsules/12/vote", "/api/capsules/:id/vote"],
      ["/api/capsules/%25", "/api/capsules/:id"],
      ["/api/nope/at/all", "/api/:path*?"],
      ["/api/bounty/v1/bounty-proposals", "/api/bounty/v1/bounty-proposals"],
      ["/capsules/7", "/capsules/:id"],
      ["/read/7", "/read/:id"],
      ["/capsules/7/", "/capsules/:id"],
      ["/_next/static/chunks/app-123.js", "/_next/static/*"],
      ["/_next/image", "/_next/image"],
      ["/_next/webpack-hmr", "/_next/*"],
      ["/rpc", "/rpc"],
      ["/rpc/testnet", "/rpc/testnet"],
      ["/ws", "/ws"],
      ["/metrics", "/metrics"],
      ["/favicon.svg", "/favicon.svg"],
      ["/wp-login.php", UNMATCHED],
      ["/capsules/7/unknown/deeper", UNMATCHED],
      ["/rpc/mainnet", UNMATCHED],
    ];
    for (const [pathname, pattern] of cases) expect(match(pathname), pathname).toBe(pattern);
  });

  it("keeps the label set bounded under random paths", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 2000; i++) labels.add(match(`/${Math.random().toString(36).slice(2)}/${i}/${"x".repeat(i % 7)}`));
    for (let i = 0; i < 2000; i++) labels.add(match(`/api/capsules/${i}`));
    expect([...labels].sort()).toEqual(["/api/capsules/:id", UNMATCHED].sort());
  });

  it("falls back from a failed static branch to a dynamic one and to a catch-all", () => {
    const m = routeLabeler(["/a/b/c", "/a/:x/d", "/a/:rest*", "/opt/:p*?"]);
    expect(m("/a/b/c")).toBe("/a/b/c");
    expect(m("/a/b/d")).toBe("/a/:x/d");
    expect(m("/a/b/e")).toBe("/a/:rest*");
    expect(m("/a")).toBe(UNMATCHED);
    expect(m("/opt")).toBe("/opt/:p*?");
    expect(m("/opt/1/2")).toBe("/opt/:p*?");
  });
});
