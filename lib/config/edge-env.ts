import { z } from "zod";

// Slow-client bounds of the HTTP server (server/http/connection-guard.ts). Kept in their own
// fragment, spread into serverEnvSchema and envCatalog, so other areas' additions do not collide.

export const edgeEnvShape = {
  /** Time a client has to send a request's headers; then 408 and the connection is closed. */
  CAPSULE_HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  /** Time a client has to send a whole request (headers and body); then 408 and the connection is closed. */
  CAPSULE_HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** Open TCP connections one client address may hold (0 = no cap); the excess is answered 429 and closed. */
  CAPSULE_HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(128),
};

export const edgeEnvCatalog = [
  { name: "CAPSULE_HTTP_HEADERS_TIMEOUT_MS", description: "time a client has to send a request's headers before 408 and closing (slow clients)", secret: false },
  { name: "CAPSULE_HTTP_REQUEST_TIMEOUT_MS", description: "time a client has to send a whole request, body included, before 408 and closing", secret: false },
  { name: "CAPSULE_HTTP_MAX_CONNECTIONS_PER_IP", description: "open TCP connections per client address (the socket's peer: the proxy's behind one); 0 = no cap", secret: false },
] as const;
