/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Separate build dirs let several checkouts' servers (tests, helpers) coexist.
  distDir: process.env.CAPSULE_NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  serverExternalPackages: ["better-sqlite3", "pg", "kysely", "ws", "solc"],
  typedRoutes: false,
};

export default nextConfig;
