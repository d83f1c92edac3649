import { type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import http from "node:http";
import { performance } from "node:perf_hooks";
import type { Duplex } from "node:stream";
import next from "next";
import type { ServerConfig } from "@/lib/config/config";
import { database } from "@/lib/db/client";
import { logInfo, logWarn } from "@/lib/log";
import { hitRateLimit } from "@/lib/rate-limit/rate-limiter";
import { hitMemoryRateLimit } from "@/lib/rate-limit/memory-counter";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { requestIdFrom } from "@/lib/request-context";
import { requestIp } from "./gateway/client-ip";
import { answerBeforeNext } from "./http/pre-router";
import { createRpcHttpGateway } from "./gateway/rpc-http";
import { createWsGateway, type WsGateway } from "./gateway/ws-gateway";
import { closeGracefully } from "./http/graceful-close";
import { CSP_HEADER, isReaderArticlePath, newNonce, pagePolicy, takesPagePolicy } from "@/lib/http/content-security-policy";
import { guardConnections } from "./http/connection-guard";
import { lingerAfterEarlyAnswer } from "./http/linger";
import { corkHead } from "./http/cork";
import { createFastReads } from "./http/fast-reads";
import { nextCompression } from "./http/next-compression";
import { conditionalReads } from "@/features/conditional-reads";
import { closeLiveStreams } from "@/lib/live/live-streams";
import { provideArticlePageLoader } from "@/features/reader/article-page-loader";
import { loadArticlePage } from "@/features/reader/article-page";
import { createMetricsEndpoint } from "./http/metrics-endpoint";
import { createObserver, pathOf, recordExchange } from "./http/observe";
import { routeMatcherFor } from "./http/route-patterns";

export type WebServer = {
  url: string;
  /** Stops accepting, closes WebSockets with 1001, lets requests in flight finish for up to CAPSULE_SHUTDOWN_GRACE_MS. */
  close: () => Promise<void>;
  ws: WsGateway;
};

/**
 * The process entry's HTTP side: Next.js for pages and /api, the JSON-RPC gateway on /rpc*,
 * GET /metrics, and WebSocket upgrades on /ws (route handlers cannot take upgrades, hence this
 * server). Every request gets an id, an access line and its place in the HTTP metrics.
 */
export async function startWebServer(cfg: ServerConfig, options: { dev: boolean; dir: string }): Promise<WebServer> {
  provideArticlePageLoader(loadArticlePage); // the Pages Router's /read/:id cannot import services itself
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
    wsMaxPerIp: cfg.CAPSULE_WS_MAX_PER_IP,
    wsMaxTotal: cfg.CAPSULE_WS_MAX_TOTAL,
    maxBatch: 50,
    maxBodyBytes: cfg.CAPSULE_MAX_BODY_BYTES,
    maxLogBlocks: cfg.CAPSULE_RPC_MAX_LOG_BLOCKS,
    maxResponseBytes: cfg.CAPSULE_RPC_MAX_RESPONSE_BYTES,
    refusedSenders: new Set([privateKeyToAccount(cfg.CAPSULE_OPERATOR_KEY as Hex).address.toLowerCase()]),
  };
  const upstreams = {
    main: cfg.CAPSULE_NODE_RPC_URL,
    archive: cfg.CAPSULE_ARCHIVE_RPC_URL ?? cfg.CAPSULE_NODE_RPC_URL,
    testnet: cfg.CAPSULE_TESTNET_RPC_URL,
  };
  const trustProxy = cfg.CAPSULE_TRUST_PROXY;
  const rpc = createRpcHttpGateway({ upstream: upstreams, limits, trustProxy, limiter });
  const ws = createWsGateway({ nodeWsUrl: cfg.nodeWsUrl, limits, trustProxy, limiter, upstreamPoolSize: cfg.CAPSULE_WS_UPSTREAM_POOL });
  const serveMetrics = createMetricsEndpoint({ token: cfg.CAPSULE_METRICS_TOKEN });
  const matchRoute = routeMatcherFor(options.dir);
  const observer = createObserver(matchRoute);
  // conditional reads answered before Next (server/http/fast-reads.ts); CAPSULE_HTTP_FAST_READS=0 sends them through Next
  const fastRead = cfg.CAPSULE_HTTP_FAST_READS === "1" ? createFastReads({ reads: conditionalReads, compress: cfg.CAPSULE_HTTP_COMPRESS === "1" ? nextCompression() : undefined }) : undefined;

  const server = http.createServer((req, res) => {
    if (guard.refused(req.socket)) return void req.socket.destroy();
    const ip = requestIp(req, trustProxy);
    lingerAfterEarlyAnswer(req);
    observer.request(req, res, ip, (route) => {
      // every answer's type is the one it says: a JSON error quoting user text is never sniffed as a page
      res.setHeader("X-Content-Type-Options", "nosniff");
      // a link or a request to another site (an evidence host, the reader's chosen node, a partner) never learns which
      // article, draft or desk page it came from; this site's own requests keep the full address
      res.setHeader("Referrer-Policy", "same-origin");
      const path = pathOf(req.url);
      if (path === "/metrics") return void serveMetrics(req, res);
      if (path === "/rpc" || path.startsWith("/rpc/")) return void rpc(req, res);
      delete req.headers[CLIENT_IP_HEADER];
      req.headers[CLIENT_IP_HEADER] = ip;
      // never a client's own policy: Next.js would take its nonce for the page's scripts
      delete req.headers[CSP_HEADER];
      delete req.headers["content-security-policy-report-only"];
      // judged on the whole target, resolved as Next.js routes it (pathOf is cut for logs, and keeps dot segments)
      if (takesPagePolicy(req.url ?? "/")) {
        const policy = pagePolicy(newNonce(), { dev: options.dev, reader: isReaderArticlePath(req.url ?? "/") });
        req.headers[CSP_HEADER] = policy;
        res.setHeader("Content-Security-Policy", policy);
      }
      if (answerBeforeNext(req, res)) return; // malformed URLs and unroutable methods (server/http/pre-router.ts)
      if (fastRead?.(req, res, route)) return;
      corkHead(res);
      void handleNext(req, res);
    });
  });
  const guard = guardConnections(server, {
    headersTimeoutMs: cfg.CAPSULE_HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: cfg.CAPSULE_HTTP_REQUEST_TIMEOUT_MS,
    maxPerIp: cfg.CAPSULE_HTTP_MAX_CONNECTIONS_PER_IP,
  });
  server.on("upgrade", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (guard.refused(req.socket)) return void socket.destroy();
    const path = pathOf(req.url);
    if (path !== "/ws") {
      if (handleNextUpgrade) void handleNextUpgrade(req, socket, head);
      else socket.destroy();
      return;
    }
    const fields = { requestId: requestIdFrom(req.headers["x-request-id"]), method: req.method ?? "GET", route: "/ws", path, ip: requestIp(req, trustProxy), startedAt: performance.now() };
    let recorded = false;
    const record = (status: number) => {
      if (recorded) return;
      recorded = true;
      recordExchange(fields, { status, aborted: false });
    };
    socket.once("close", () => record(400)); // the handshake failed before an answer was chosen
    ws.handleUpgrade(req, socket, head, record);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(cfg.CAPSULE_PORT, cfg.CAPSULE_HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.CAPSULE_PORT;
  return {
    url: `http://${cfg.CAPSULE_HOST}:${port}`,
    ws,
    close: async () => {
      observer.draining();
      const inFlight = observer.inFlight();
      logInfo("web", "stopping: no new connections; closing WebSockets (1001) and waiting for requests in flight", {
        inFlight,
        graceMs: cfg.CAPSULE_SHUTDOWN_GRACE_MS,
      });
      closeLiveStreams(); // event streams never finish by themselves; browsers reconnect elsewhere
      const [drained] = await Promise.all([closeGracefully(server, cfg.CAPSULE_SHUTDOWN_GRACE_MS), ws.close()]);
      if (drained.forced) logWarn("web", "grace period over: closed the connections still open", { graceMs: cfg.CAPSULE_SHUTDOWN_GRACE_MS });
      await app.close?.();
    },
  };
}
