import type { ServerEnv } from "./server-env";
import { REDACTED, redactUrl } from "@/lib/url-redaction";
import { edgeEnvCatalog } from "./edge-env";
import { hardeningEnvCatalog } from "./hardening-env";
import { tiersEnvCatalog } from "./tiers-env";
import { partnersEnvCatalog } from "./partners-env";

export type EnvKeyInfo = {
  name: keyof ServerEnv;
  description: string;
  secret: boolean;
};

// The inventory served by /api/meta/env-keys. `secret: true` values are never rendered.
export const envCatalog: readonly EnvKeyInfo[] = [
  { name: "NODE_ENV", description: "runtime mode", secret: false },
  { name: "CAPSULE_HOST", description: "web server bind address", secret: false },
  { name: "CAPSULE_PORT", description: "web server port", secret: false },
  { name: "CAPSULE_PUBLIC_URL", description: "public origin used in links and Sign-In with Ethereum", secret: false },
  { name: "CAPSULE_DATA_DIR", description: "directory for the SQLite file, anvil state and the deployment record", secret: false },
  { name: "DATABASE_URL", description: "postgres:// URL; SQLite under the data dir when unset", secret: true },
  { name: "CAPSULE_NETWORK", description: "network name reported by /health and /config", secret: false },
  { name: "CAPSULE_CHAIN_ID", description: "chain id; only 77117002 (0x498b64a), the id signed tokens name, is accepted", secret: false },
  { name: "CAPSULE_NODE_RPC_URL", description: "internal node JSON-RPC URL (loopback)", secret: false },
  { name: "CAPSULE_ANVIL_PORT", description: "port of the bundled anvil when no external node is configured", secret: false },
  { name: "CAPSULE_LOCAL_TESTNET", description: "1 starts a second local anvil behind /rpc/testnet", secret: false },
  { name: "CAPSULE_TESTNET_ANVIL_PORT", description: "port of the local testnet anvil", secret: false },
  { name: "CAPSULE_TESTNET_CHAIN_ID", description: "chain id of the local testnet anvil", secret: false },
  { name: "CAPSULE_NODE_WS_URL", description: "internal node WebSocket URL; derived from the RPC URL when unset", secret: false },
  { name: "CAPSULE_ARCHIVE_RPC_URL", description: "upstream of /rpc/archive; the node when unset", secret: false },
  { name: "CAPSULE_TESTNET_RPC_URL", description: "upstream of /rpc/testnet; disabled when unset", secret: false },
  { name: "CAPSULE_DEPLOYMENT_FILE", description: "deployment record path; <data dir>/deployment.json when unset", secret: false },
  { name: "CAPSULE_OPERATOR_KEY", description: "bridge operator private key (signs vouchers, relays ballots)", secret: true },
  { name: "CAPSULE_OPERATOR_KEY_FILE", description: "file holding the operator key (mode 0600, owned by the service user), instead of the key itself in the environment", secret: false },
  ...hardeningEnvCatalog,
  ...tiersEnvCatalog,
  ...partnersEnvCatalog,
  ...edgeEnvCatalog,
  { name: "CAPSULE_TRUST_PROXY", description: "trusted reverse proxies in front of the server (hops; true = 1): the client IP is that many X-Forwarded-For entries from the right", secret: false },
  { name: "CAPSULE_DNS_SERVERS", description: "comma-separated DNS servers (host or host:port) for domain verification", secret: false },
  { name: "CAPSULE_DNS_TIMEOUT_MS", description: "DNS lookup timeout", secret: false },
  { name: "CAPSULE_LINK_FETCH_TIMEOUT_MS", description: "deadline of one evidence link fetch (POST /api/vault/fetch), redirects included", secret: false },
  { name: "CAPSULE_RATE_PUBLIC_GET_PER_MIN", description: "bridge public GET limit per IP per minute", secret: false },
  { name: "CAPSULE_HTTP_CACHE_MAX_AGE", description: "seconds shared caches may serve a finalized capsule's public reads (Cache-Control max-age); 0 = always revalidate", secret: false },
  { name: "CAPSULE_HTTP_CACHE_SWR", description: "seconds a cache may serve a finalized read stale while it revalidates (stale-while-revalidate)", secret: false },
  { name: "CAPSULE_HTTP_FAST_READS", description: "1 = anonymous GETs of the conditional reads are answered before Next's request pipeline (default); 0 = through Next like every route", secret: false },
  { name: "CAPSULE_HTTP_REMEMBER", description: "1 = unchanged anonymous capsule reads are answered from memory until the next write (default); 0 = every read reads its rows", secret: false },
  { name: "CAPSULE_PG_REMEMBER_MS", description: "PostgreSQL only: the longest a remembered answer may miss a write by another server that sent no change notification, in milliseconds (default 2000; 0 = remember nothing on PostgreSQL)", secret: false },
  { name: "CAPSULE_SOURCE_MAPS", description: "1 = a production server loads the build's source maps, so logged stack traces name source files (about 70 MB more heap); 0 = not (default)", secret: false },
  { name: "CAPSULE_HEAP_GROWING_PERCENT", description: "how far the server's V8 heap may grow past its live data before a full collection, in percent (default 30; 0 = V8's own rule, up to fourfold)", secret: false },
  { name: "CAPSULE_HTTP_COMPRESS", description: "1 = the server gzips responses (default); 0 = off, when a proxy in front compresses", secret: false },
  { name: "CAPSULE_RATE_WRITE_PER_MIN", description: "bridge write limit per session per minute", secret: false },
  { name: "CAPSULE_RATE_WRITE_PER_IP_PER_MIN", description: "signed bridge writes per client IP per minute; 5 x the per-session limit when unset", secret: false },
  { name: "CAPSULE_RATE_AUTH_FAILURES_PER_MIN", description: "failed authentications per client IP per minute before signed routes answer 429", secret: false },
  { name: "CAPSULE_RATE_SUBMIT_PER_HOUR", description: "capsule submissions per outlet per hour", secret: false },
  { name: "CAPSULE_RATE_VOTE_PER_HOUR", description: "votes per session per hour", secret: false },
  { name: "CAPSULE_OFFER_WITHDRAWALS_PER_DAY", description: "offers of one kind (a role, or an outlet's ownership) to one wallet at one outlet that may be withdrawn within 24 hours; the next offer is refused 429 until the oldest is a day old (default 3)", secret: false },
  { name: "CAPSULE_RATE_RPC_PER_MIN", description: "public HTTP RPC requests per IP per minute", secret: false },
  { name: "CAPSULE_RATE_RPC_SEND_PER_MIN", description: "transactions sent through the chain proxy, per IP per minute", secret: false },
  { name: "CAPSULE_RATE_SERVICE_RPC_PER_MIN", description: "service RPC (testnet/archive) requests per IP per minute", secret: false },
  { name: "CAPSULE_RPC_MAX_LOG_BLOCKS", description: "blocks one log query through the RPC gateways may cover", secret: false },
  { name: "CAPSULE_RPC_MAX_RESPONSE_BYTES", description: "largest node answer the HTTP RPC gateway passes on", secret: false },
  { name: "CAPSULE_WS_MAX_SUBSCRIPTIONS", description: "live subscriptions per WebSocket connection", secret: false },
  { name: "CAPSULE_MAX_BODY_BYTES", description: "request body cap in bytes", secret: false },
  { name: "CAPSULE_INDEXER", description: "run the chain indexer in this process (on|off)", secret: false },
  { name: "CAPSULE_INDEXER_POLL_MS", description: "indexer polling interval while the node's newHeads subscription is down", secret: false },
  { name: "CAPSULE_INDEXER_BATCH_BLOCKS", description: "blocks per event-log request when back-filling", secret: false },
  {
    name: "CAPSULE_FINALITY_DEPTH",
    description: "blocks below the indexer checkpoint whose hashes are kept to locate a reorg's fork point; default per chain id (65 Ethereum, 200 Polygon, 240 Arbitrum, 30 OP Stack, 64 the bundled anvil, 128 others)",
    secret: false,
  },
  { name: "CAPSULE_OPERATOR_RECEIPT_WAIT_MS", description: "how long a relayed operator write waits for its receipt before answering with the transaction still \"sent\" (0: never waits)", secret: false },
  { name: "CAPSULE_OUTBOX_POLL_MS", description: "how often the leader's operator outbox worker checks receipts and re-broadcasts missing transactions", secret: false },
  { name: "BOUNTY_HOST", description: "bounty read service bind address", secret: false },
  { name: "BOUNTY_PORT", description: "bounty read service port", secret: false },
  { name: "BOUNTY_STATE_FILE", description: "default JSON export read by `npm run bounty:load` (the bounty state itself lives in SQL)", secret: false },
  { name: "BOUNTY_API_URL", description: "URL the bridge's /api/bounty routes use to reach the bounty service, from the server (default http://127.0.0.1:<BOUNTY_PORT>)", secret: false },
  { name: "CAPSULE_VAULT_DIR", description: "vault storage directory; <data dir>/vault when unset", secret: false },
  { name: "CAPSULE_VAULT_MAX_BYTES", description: "largest vault upload in bytes", secret: false },
  { name: "CAPSULE_OUTLET_MIN_FUNDS", description: "CAP a wallet must hold (or any RoleRegistry bond) to register an outlet (default 1)", secret: false },
  { name: "CAPSULE_VAULT_QUOTA_PER_WALLET_BYTES", description: "vault bytes one wallet may store in all (default 100 MiB)", secret: false },
  { name: "CAPSULE_VAULT_QUOTA_TOTAL_BYTES", description: "vault bytes stored in all (default 10 GiB)", secret: false },
  { name: "CAPSULE_LOG_LEVEL", description: "log level: fatal, error, warn, info, debug, trace or silent", secret: false },
  { name: "CAPSULE_METRICS_TOKEN", description: "bearer token that lets non-loopback clients read GET /metrics", secret: true },
  { name: "CAPSULE_SHUTDOWN_GRACE_MS", description: "how long SIGTERM waits for in-flight requests before closing connections", secret: false },
  { name: "CAPSULE_WS_MAX_PER_IP", description: "open /ws connections per client IP", secret: false },
  { name: "CAPSULE_WS_MAX_TOTAL", description: "open /ws connections in total", secret: false },
  { name: "CAPSULE_WS_UPSTREAM_POOL", description: "WebSocket connections from /ws to the node, shared by every client (1-16)", secret: false },
  { name: "CAPSULE_LIVE_MAX_PER_IP", description: "open GET /api/live event streams per client IP", secret: false },
  { name: "CAPSULE_LIVE_MAX_TOTAL", description: "open GET /api/live event streams in total", secret: false },
  { name: "CAPSULE_JURY_FILING_GRACE_MS", description: "how long a jury case opened on chain may stay unfiled by its challenger before the leader files it under placeholder grounds (default 600000 = 10 min)", secret: false },
  { name: "CAPSULE_JURY_FILER_POLL_MS", description: "how often the leader draws the juries whose draw block has passed, files jury cases their challengers left unfiled and settles final ones (default 15000)", secret: false },
  { name: "CAPSULE_ESCROW_REFUND_POLL_MS", description: "how often the leader refunds the full-price deposits that lost the race for a sold exclusive listing, once its sale's release is indexed (default 5000; a sale also asks for a pass at once)", secret: false },
  { name: "CAPSULE_COURT_REPLY_WINDOW_SECONDS", description: "chain-time seconds after a dispute opens during which the author and the outlet's editors may reply; no verdict before it ends unless they replied (default 172800 = 48 h)", secret: false },
];

const SECRET_NAME = /(KEY|SECRET|PASSWORD|TOKEN|PRIVATE)/i;

/**
 * Where the server's own infrastructure is: its upstream nodes, files and directories, bind addresses and
 * internal services. The public configuration says only that they are set ("[internal]"): an internal
 * address or path tells an attacker where to aim, and nobody reading the bridge needs it.
 */
const INTERNAL_SETTINGS: ReadonlySet<string> = new Set([
  "CAPSULE_HOST",
  "CAPSULE_DATA_DIR",
  "CAPSULE_NODE_RPC_URL",
  "CAPSULE_ANVIL_PORT",
  "CAPSULE_TESTNET_ANVIL_PORT",
  "CAPSULE_NODE_WS_URL",
  "CAPSULE_ARCHIVE_RPC_URL",
  "CAPSULE_TESTNET_RPC_URL",
  "CAPSULE_DEPLOYMENT_FILE",
  "CAPSULE_OPERATOR_KEY_FILE",
  "CAPSULE_DNS_SERVERS",
  "BOUNTY_HOST",
  "BOUNTY_PORT",
  "BOUNTY_STATE_FILE",
  // the server's upstream to the bounty service, never the browser's: where it is (and any credential in it) is the operator's
  "BOUNTY_API_URL",
  "CAPSULE_VAULT_DIR",
]);
export const INTERNAL_VALUE = "[internal]";

/**
 * What /api/meta/canonical-env shows for one setting: secrets as "[redacted]", internal infrastructure as
 * "[internal]", other URLs with their
 * userinfo, query values and key-like path segments masked (lib/url-redaction.ts).
 */
export function redactEnvValue(name: string, value: string | undefined, secret: boolean): string | null {
  if (value === undefined) return null;
  if (secret || SECRET_NAME.test(name)) return REDACTED;
  if (INTERNAL_SETTINGS.has(name)) return INTERNAL_VALUE;
  return redactUrl(value);
}
