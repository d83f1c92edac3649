import http from "node:http";
import type { Duplex } from "node:stream";
import next from "next";
import type { ServerConfig } from "@/lib/config/config";
import { database } from "@/lib/db/client";
import { hitRateLimit } from "@/lib/rate-limit/rate-limiter";
import { hitMemoryRateLimit } from "@/lib/rate-limit/memory-counter";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { createRpcHttpGateway } from "./gateway/rpc-http";
import { createWsGateway } from "./gateway/ws-gateway";

export type WebServer = { url: string; close: () => Promise<void> };

function socketIp(req: http.IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
}

/**
 * The process entry's HTTP side: Next.js for pages and /api, the JSON-RPC gateway on /rpc*,
 * and WebSocket upgrades on /ws (route handlers cannot take upgrades, hence this server).
 */
export async function startWebServer(cfg: ServerConfig, options: { dev: boolean; dir: string }): Promise<WebServer> {
  const app = next({ dev: options.dev, dir: options.dir, hostname: cfg.CAPSULE_HOST, port: cfg.CAPSULE_PORT });
  await app.prepare();
  const handleNext = app.getRequestHandler();
  const handleNextUpgrade = options.dev ? app.getUpgradeHandler() : undefined;
  const handle = database();
  // One embedded server counts in memory; servers sharing PostgreSQL share SQL counters.
  const limiter =
    handle.dialect === "sqlite"
      ? hitMemoryRateLimit
      : (rule: Parameters<typeof hitRateLimit>[1], key: string, now: number) => hitRateLimit(handle.db, rule, key, now);

  const limits = {
    perIpPerMinute: cfg.CAPSULE_RATE_RPC_PER_MIN,
    sendRawPerIpPerMinute: cfg.CAPSULE_RATE_RPC_SEND_PER_MIN,
    serviceRpcPerIpPerMinute: cfg.CAPSULE_RATE_SERVICE_RPC_PER_MIN,
    maxSubscriptions: cfg.CAPSULE_WS_MAX_SUBSCRIPTIONS,
    maxBatch: 50,
    maxBodyBytes: cfg.CAPSULE_MAX_BODY_BYTES,
  };
  const upstreams = {
    main: cfg.CAPSULE_NODE_RPC_URL,
    archive: cfg.CAPSULE_ARCHIVE_RPC_URL ?? cfg.CAPSULE_NODE_RPC_URL,
    testnet: cfg.CAPSULE_TESTNET_RPC_URL,
  };
  const rpc = createRpcHttpGateway({ upstream: upstreams, limits, trustProxy: cfg.CAPSULE_TRUST_PROXY, limiter });
  const ws = createWsGateway({ nodeWsUrl: cfg.nodeWsUrl, limits, trustProxy: cfg.CAPSULE_TRUST_PROXY, limiter });

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (path === "/rpc" || path.startsWith("/rpc/")) {
      void rpc(req, res);
      return;
    }
    delete req.headers[CLIENT_IP_HEADER];
    req.headers[CLIENT_IP_HEADER] = socketIp(req, cfg.CAPSULE_TRUST_PROXY);
    void handleNext(req, res);
  });
  server.on("upgrade", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/ws") ws.handleUpgrade(req, socket, head);
    else if (handleNextUpgrade) void handleNextUpgrade(req, socket, head);
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(cfg.CAPSULE_PORT, cfg.CAPSULE_HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.CAPSULE_PORT;
  return {
    url: `http://${cfg.CAPSULE_HOST}:${port}`,
    close: async () => {
      await ws.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close?.();
    },
  };
}
