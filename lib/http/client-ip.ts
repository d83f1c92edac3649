import type { RequestHead } from "./request-head";

// The custom server (server/web-server.ts) writes the socket's address, or the trusted proxy's
// X-Forwarded-For, into this header and drops any value a client sent.
export const CLIENT_IP_HEADER = "x-capsule-client-ip";

export function clientIp(request: RequestHead): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
