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
  // Browsers still ask for /favicon.ico on pages they load before the <link rel="icon"> is read.
  async rewrites() {
    return [{ source: "/favicon.ico", destination: "/favicon.svg" }];
  },
};

export default nextConfig;
