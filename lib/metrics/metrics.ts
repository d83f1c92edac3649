import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { processHolder } from "@/lib/process-registry";

// The process's Prometheus series (GET /metrics). Kept in the process registry (lib/process-registry.ts): Next's route bundles and the
// tsx-loaded server entry are separate module graphs, and both must move the same series.
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "capsule_http_requests_total",
      help: "HTTP requests answered, by route pattern (never the raw path), method and status",
      labelNames: ["route", "method", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "capsule_http_request_duration_seconds",
      help: "Time from request to the end of the answer, by route pattern and method",
      labelNames: ["route", "method"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    httpFastAnswers: new Counter({
      name: "capsule_http_fast_answers_total",
      help: "Conditional reads answered before Next.js's request pipeline (server/http/fast-reads.ts), by route pattern",
      labelNames: ["route"] as const,
      registers,
    }),
    httpRememberedAnswers: new Counter({
      name: "capsule_http_remembered_answers_total",
      help: "Anonymous conditional reads answered from a remembered answer without reading a row (the database generation unchanged since it was read), by route pattern and status (304 or the full answer's)",
      labelNames: ["route", "status"] as const,
      registers,
    }),
    httpRememberedRefreshes: new Counter({
      name: "capsule_http_remembered_refreshes_total",
      help: "Remembered answers built again ahead of their expiry (PostgreSQL's staleness bound) by one request while the others were still given them, by route pattern",
      labelNames: ["route"] as const,
      registers,
    }),
    indexerHead: new Gauge({ name: "capsule_indexer_head_block", help: "Latest block number the indexer saw on the node", registers }),
    indexerCheckpoint: new Gauge({ name: "capsule_indexer_checkpoint_block", help: "Last block fully indexed into SQL", registers }),
    indexerReorgs: new Counter({ name: "capsule_indexer_reorgs_total", help: "Reorgs and rollbacks the indexer detected and rewound", registers }),
    indexerEvents: new Counter({ name: "capsule_indexer_events_total", help: "Chain events newly indexed and projected", registers }),
    projectionWaits: new Counter({
      name: "capsule_projection_waits_total",
      help: "Times a request waited for the indexer to reach a block before answering (a relayed vote waits once, after its receipt)",
      registers,
    }),
    nodeCheckBatches: new Counter({
      name: "capsule_node_check_batches_total",
      help: "JSON-RPC batches the bridge sent to the node for a set of checks (one round trip each)",
      registers,
    }),
    outboxPending: new Gauge({ name: "capsule_outbox_pending", help: "Operator transactions queued or broadcast but not yet confirmed", registers }),
    outboxOldestPendingSeconds: new Gauge({
      name: "capsule_outbox_oldest_pending_seconds",
      help: "Age of the oldest unconfirmed operator transaction (0 when none)",
      registers,
    }),
    outboxRebroadcasts: new Counter({
      name: "capsule_outbox_rebroadcasts_total",
      help: "Operator transactions broadcast again with the same signed bytes",
      registers,
    }),
    rateLimited: new Counter({ name: "capsule_rate_limited_total", help: "Requests refused by a rate limit, by rule", labelNames: ["rule"] as const, registers }),
    wsConnections: new Gauge({ name: "capsule_ws_connections", help: "Open WebSocket client connections on /ws", registers }),
    wsSubscriptions: new Gauge({ name: "capsule_ws_subscriptions", help: "Live eth_subscribe subscriptions of /ws clients", registers }),
  };
}

export type CapsuleMetrics = ReturnType<typeof createMetrics>;

const globalForMetrics = processHolder<{ capsuleMetrics: CapsuleMetrics }>("metrics");

/** The one set of series of this process. */
export function metrics(): CapsuleMetrics {
  globalForMetrics.capsuleMetrics ??= createMetrics();
  return globalForMetrics.capsuleMetrics;
}
