import type { RateLimitHit } from "@/lib/rate-limit/fixed-window";

// What server/web-server.ts passes to the gateways. Every limit is the seed's number by default
// (see defaultGatewayLimits) and configurable through CAPSULE_RATE_* / CAPSULE_WS_* env vars.
export type GatewayLimits = {
  /** Public HTTP RPC (and WebSocket) requests per IP per minute; a batch of N counts N. */
  perIpPerMinute: number;
  /** eth_sendRawTransaction per IP per minute, on top of perIpPerMinute. */
  sendRawPerIpPerMinute: number;
  /** /rpc/archive and /rpc/testnet requests per IP per minute. */
  serviceRpcPerIpPerMinute: number;
  /** Live subscriptions per WebSocket connection. */
  maxSubscriptions: number;
  /** Open /ws connections per client IP; more are refused with 429 before the handshake. */
  wsMaxPerIp: number;
  /** Open /ws connections in total; more are refused with 503 before the handshake. */
  wsMaxTotal: number;
  /** Entries in one JSON-RPC batch. */
  maxBatch: number;
  /** Bytes in one HTTP body or WebSocket message. */
  maxBodyBytes: number;
  /** Blocks one eth_getLogs request may cover (log-range.ts). */
  maxLogBlocks: number;
  /** Bytes of one node answer the HTTP gateway reads; a larger one is answered -32005. */
  maxResponseBytes: number;
  /** Accounts (lowercase) whose raw transactions are refused with -32003: the bridge operator's (raw-sender.ts). */
  refusedSenders?: ReadonlySet<string>;
};

export type RateLimiter = RateLimitHit;

export type UpstreamUrls = {
  /** The node's JSON-RPC URL (loopback, never shown to clients). */
  main: string;
  /** Upstream of /rpc/archive; `main` when absent. */
  archive?: string;
  /** Upstream of /rpc/testnet; the route answers 503 when absent. */
  testnet?: string;
};

export type RpcGatewayOptions = {
  upstream: UpstreamUrls;
  limits: GatewayLimits;
  /** Take the client IP from the first X-Forwarded-For entry instead of the socket. */
  /** Trusted reverse proxies in front of this server (true = 1); see client-ip.ts. */
  trustProxy: boolean | number;
  limiter: RateLimiter;
  /** Upstream request timeout; 30 s by default. */
  upstreamTimeoutMs?: number;
};

export type WsGatewayOptions = {
  /** The node's WebSocket URL (loopback). */
  nodeWsUrl: string;
  limits: GatewayLimits;
  /** Trusted reverse proxies in front of this server (true = 1); see client-ip.ts. */
  trustProxy: boolean | number;
  limiter: RateLimiter;
  /** WebSocket connections to the node shared by every client; 1 by default. */
  upstreamPoolSize?: number;
  /** An upstream connection no client uses closes after this long; 2 s by default. */
  upstreamIdleMs?: number;
  /** A request the node does not answer in this time gets -32603; 30 s by default. */
  upstreamCallTimeoutMs?: number;
};

export const defaultGatewayLimits: GatewayLimits = {
  perIpPerMinute: 100,
  sendRawPerIpPerMinute: 20,
  serviceRpcPerIpPerMinute: 20,
  maxSubscriptions: 10,
  wsMaxPerIp: 50,
  wsMaxTotal: 1000,
  maxBatch: 50,
  maxBodyBytes: 1_048_576,
  maxLogBlocks: 10_000,
  maxResponseBytes: 16 * 1_048_576,
};
