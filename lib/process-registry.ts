// The process registry: the only state shared between Next.js's route bundles and the server entry
// (scripts/start.ts through server/**). The two are separate module graphs in one process, so a
// module-level `let` would exist twice (a second pool, a second metrics registry, listeners the
// other copy never calls). Whatever must exist once per process is named here with the reason, and
// reached through `processHolder`; nothing else touches globalThis (test/registry/process-registry.test.ts).

export const PROCESS_SHARED = {
  database: "the database pool: one per process",
  databaseDialects: "which dialect each opened database (and its transactions) speaks",
  rateCounterDatabase: "PostgreSQL's rate-limit counter pool and the public GET counts written behind to it",
  memoryRateCounter: "the embedded server's in-process rate-limit counts, one set for every bundle",
  requestContext: "the AsyncLocalStorage carrying each request's id into log lines",
  log: "the logger and the secrets it redacts, registered by one copy and used by all",
  metrics: "the Prometheus series GET /metrics exports",
  chainClients: "the viem clients for the configured node",
  operatorAccount: "the operator's signing account",
  outboxSettleHooks: "what a settled outbox row completes, registered by services, run by the worker",
  outboxNonceGaps: "nonce gaps already seen by the outbox worker",
  leadership: "this server's place in the indexer leadership, read by routes",
  indexerRuntime: "the running indexer of a leading server, read by routes",
  lostRaceRefunds: "the leader's lost-race escrow refunds, asked for a pass by the licence grant's route",
  postgresGeneration: "PostgreSQL's change-feed and own-write counts that remembered answers are checked against",
  projectionFeed: "listeners of projection changes (live pushes, remembered answers)",
  liveHub: "the live-update hub fanning chain events out to subscribers",
  liveStreams: "open Server-Sent Event streams, closed by the server's shutdown",
  articlePageLoader: "the reader page's data loader, provided by the server entry to the Pages Router bundle",
} as const;

export type ProcessSharedName = keyof typeof PROCESS_SHARED;

const REGISTRY = Symbol.for("capsule.process-registry");
const root = globalThis as unknown as { [REGISTRY]?: Map<ProcessSharedName, object> };

/** The one holder object of `name` in this process: every module copy gets the same object. */
export function processHolder<T extends object>(name: ProcessSharedName): Partial<T> {
  const holders = (root[REGISTRY] ??= new Map());
  let holder = holders.get(name);
  if (!holder) {
    holder = {};
    holders.set(name, holder);
  }
  return holder as Partial<T>;
}
