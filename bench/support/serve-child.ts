import type http from "node:http";

/**
 * Runs a bench child's server: listens on a free loopback port and prints `[bare] listening <port>`
 * (what bare-process.ts waits for); SIGTERM or SIGINT closes its connections, then the database, then exits.
 */
export function serveBenchChild(server: http.Server, closeDatabase: () => Promise<void>): void {
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    console.log(`[bare] listening ${typeof address === "object" && address ? address.port : 0}`);
  });
  const stop = () => {
    server.closeAllConnections();
    server.close(() => void closeDatabase().finally(() => process.exit(0)));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
