import type { RateLimitResult, RateLimitRule } from "@/lib/rate-limit/rate-limiter";

// What server/main.ts passes to the gateways. Every limit is the seed's number by default
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
  /** Entries in one JSON-RPC batch. */
  maxBatch: number;
  /** Bytes in one HTTP body or WebSocket message. */
  maxBodyBytes: number;
};

export type RateLimiter = (rule: RateLimitRule, key: string, now: number) => Promise<RateLimitResult>;

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
  trustProxy: boolean;
  limiter: RateLimiter;
  /** Upstream request timeout; 30 s by default. */
  upstreamTimeoutMs?: number;
};

export type WsGatewayOptions = {
  /** The node's WebSocket URL (loopback). */
  nodeWsUrl: string;
  limits: GatewayLimits;
  trustProxy: boolean;
  limiter: RateLimiter;
};

export const defaultGatewayLimits: GatewayLimits = {
  perIpPerMinute: 100,
  sendRawPerIpPerMinute: 20,
  serviceRpcPerIpPerMinute: 20,
  maxSubscriptions: 10,
  maxBatch: 50,
  maxBodyBytes: 1_048_576,
};
