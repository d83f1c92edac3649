import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { buildIslands } from "./scripts/build-islands.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Separate build dirs let several checkouts' servers (tests, helpers) coexist.
  distDir: process.env.CAPSULE_NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  // Read at server start: CAPSULE_HTTP_COMPRESS=0 behind a proxy that compresses saves the gzip wrapper on every response.
  compress: process.env.CAPSULE_HTTP_COMPRESS !== "0",
  serverExternalPackages: ["better-sqlite3", "pg", "kysely", "ws", "solc", "prom-client", "pino", "swagger-ui-dist"],
  typedRoutes: false,
  // Route modules load on their first request instead of all at start: the server idles at about half the
  // memory (docs/PERFORMANCE.md, "Memory"); a route's first request pays its module load once.
  experimental: { preloadEntriesOnStart: false },
  // Browsers still ask for /favicon.ico on pages they load before the <link rel="icon"> is read.
  async rewrites() {
    return [{ source: "/favicon.ico", destination: "/favicon.svg" }];
  },
};

// The article page's islands (public/islands/reader.js) are built with the pages, not served from a
// build step of their own: every `next build` and `next dev` makes them.
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER) await buildIslands();
  return nextConfig;
}
