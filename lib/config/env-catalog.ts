import type { ServerEnv } from "./server-env";

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
  { name: "CAPSULE_CHAIN_ID", description: "chain id (77117002 = 0x498b64a)", secret: false },
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
  { name: "CAPSULE_TRUST_PROXY", description: "take the client IP from X-Forwarded-For", secret: false },
  { name: "CAPSULE_DNS_SERVERS", description: "comma-separated DNS servers (host or host:port) for domain verification", secret: false },
  { name: "CAPSULE_DNS_TIMEOUT_MS", description: "DNS lookup timeout", secret: false },
  { name: "CAPSULE_RATE_PUBLIC_GET_PER_MIN", description: "bridge public GET limit per IP per minute", secret: false },
  { name: "CAPSULE_RATE_WRITE_PER_MIN", description: "bridge write limit per session per minute", secret: false },
  { name: "CAPSULE_RATE_SUBMIT_PER_HOUR", description: "capsule submissions per outlet per hour", secret: false },
  { name: "CAPSULE_RATE_VOTE_PER_HOUR", description: "votes per session per hour", secret: false },
  { name: "CAPSULE_RATE_RPC_PER_MIN", description: "public HTTP RPC requests per IP per minute", secret: false },
  { name: "CAPSULE_RATE_RPC_SEND_PER_MIN", description: "eth_sendRawTransaction per IP per minute", secret: false },
  { name: "CAPSULE_RATE_SERVICE_RPC_PER_MIN", description: "service RPC (testnet/archive) requests per IP per minute", secret: false },
  { name: "CAPSULE_WS_MAX_SUBSCRIPTIONS", description: "live subscriptions per WebSocket connection", secret: false },
  { name: "CAPSULE_MAX_BODY_BYTES", description: "request body cap in bytes", secret: false },
  { name: "CAPSULE_INDEXER", description: "run the chain indexer in this process (on|off)", secret: false },
  { name: "CAPSULE_INDEXER_POLL_MS", description: "indexer polling interval", secret: false },
  { name: "CAPSULE_INDEXER_BATCH_BLOCKS", description: "blocks per eth_getLogs batch when back-filling", secret: false },
  { name: "BOUNTY_HOST", description: "bounty read service bind address", secret: false },
  { name: "BOUNTY_PORT", description: "bounty read service port", secret: false },
  { name: "BOUNTY_STATE_FILE", description: "default JSON export read by `npm run bounty:load` (the bounty state itself lives in SQL)", secret: false },
  { name: "BOUNTY_API_URL", description: "URL the dashboard uses to reach the bounty service", secret: false },
  { name: "CAPSULE_VAULT_DIR", description: "vault storage directory; <data dir>/vault when unset", secret: false },
  { name: "CAPSULE_VAULT_MAX_BYTES", description: "largest vault upload in bytes", secret: false },
];

const SECRET_NAME = /(KEY|SECRET|PASSWORD|TOKEN|PRIVATE)/i;

/** Redacts a value when its key is secret, or when it looks like a credentialed URL. */
export function redactEnvValue(name: string, value: string | undefined, secret: boolean): string | null {
  if (value === undefined) return null;
  if (secret || SECRET_NAME.test(name)) return "[redacted]";
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]*@/i.test(value)) return "[redacted]";
  return value;
}
