import http from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import { createRpcHttpGateway } from "@/server/gateway/rpc-http";
import { createWsGateway, type WsGateway } from "@/server/gateway/ws-gateway";
import { memoryCounter } from "@/lib/rate-limit/fixed-window";
import { defaultGatewayLimits, type GatewayLimits, type RateLimiter, type UpstreamUrls } from "@/server/gateway/options";

// A plain node:http server on a free loopback port routing /rpc* and /ws to the gateways,
// as server/web-server.ts does in production.
export type GatewayServer = { url: string; wsUrl: string; ws: WsGateway; close: () => Promise<void> };

export async function startGatewayServer(options: {
  upstream: UpstreamUrls;
  nodeWsUrl: string;
  limits?: Partial<GatewayLimits>;
  trustProxy?: boolean | number;
  limiter?: RateLimiter;
  upstreamPoolSize?: number;
  upstreamIdleMs?: number;
}): Promise<GatewayServer> {
  const limits = { ...defaultGatewayLimits, ...options.limits };
  const limiter = options.limiter ?? memoryCounter();
  const trustProxy = options.trustProxy ?? false;
  const rpc = createRpcHttpGateway({ upstream: options.upstream, limits, trustProxy, limiter });
  const ws = createWsGateway({
    nodeWsUrl: options.nodeWsUrl,
    limits,
    trustProxy,
    limiter,
    upstreamPoolSize: options.upstreamPoolSize,
    upstreamIdleMs: options.upstreamIdleMs,
  });
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/rpc")) return void rpc(req, res);
    res.writeHead(404).end();
  });
  server.on("upgrade", (req, socket, head) => {
    if (req.url === "/ws") ws.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    ws,
    close: async () => {
      await ws.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type RpcAnswer = { status: number; headers: Headers; body: any };

/** POSTs a JSON-RPC body (object, array or raw text) and returns status, headers and parsed JSON. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<RpcAnswer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

let nextId = 1;
export function req(method: string, params?: unknown[]) {
  return { jsonrpc: "2.0", id: nextId++, method, ...(params ? { params } : {}) };
}

/** A WebSocket client that collects every message it receives. */
export class WsClient {
  readonly messages: any[] = [];
  private waiters: (() => void)[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.messages.push(JSON.parse(data.toString()));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
    const socket = new WebSocket(url, { headers });
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return new WsClient(socket);
  }

  /** Waits (up to 20 s) for a received message that matches. */
  async waitFor(match: (message: any) => boolean, what = "message"): Promise<any> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.messages).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  send(body: unknown): void {
    this.socket.send(typeof body === "string" ? body : JSON.stringify(body));
  }

  /** Sends a request and waits for the answer with its id. */
  async call(body: { id: number | string }): Promise<any> {
    this.send(body);
    return this.waitFor((m) => !Array.isArray(m) && m.id === body.id, `answer to id ${body.id}`);
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }
}

/** Polls until check() is true (for asynchronous cleanup), failing after 10 s. */
export async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
