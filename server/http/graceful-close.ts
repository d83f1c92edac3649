import type http from "node:http";

/**
 * Stops accepting connections, lets requests in flight finish for up to `graceMs`, closing each
 * keep-alive connection as soon as it is idle, then closes whatever is left. Resolves once the
 * server is closed; `forced` says whether the grace period ran out.
 */
export function closeGracefully(server: http.Server, graceMs: number): Promise<{ forced: boolean }> {
  return new Promise((resolve) => {
    let forced = false;
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve({ forced });
    });
    server.closeIdleConnections();
  });
}
