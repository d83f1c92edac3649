import { z } from "zod";
import { withOperatorKeyFile } from "./operator-key-file";
import { edgeEnvShape } from "./edge-env";
import { hardeningEnvShape } from "./hardening-env";
import { tiersEnvShape } from "./tiers-env";
import { partnersEnvShape } from "./partners-env";
import { wellKnownDevKeys } from "./dev-keys";
import { CAPSULE_CHAIN_ID } from "./chain-id";

// Every setting of the system, parsed once from the environment. Secrets are marked in
// env-catalog.ts so that /api/meta/* can list names without values.
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

export const serverEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  CAPSULE_HOST: z.string().default("127.0.0.1"),
  CAPSULE_PORT: port.default(3000),
  CAPSULE_PUBLIC_URL: z.string().url().optional(),
  CAPSULE_DATA_DIR: z.string().default("data"),
  DATABASE_URL: z.string().optional(),
  CAPSULE_NETWORK: z.string().default("capsule-local"),
  // sign-in messages, signed-action tokens and the browser's wallet config name this chain id, so another one
  // would start a node no session could sign for
  CAPSULE_CHAIN_ID: positiveInt.default(CAPSULE_CHAIN_ID).refine((id) => id === CAPSULE_CHAIN_ID, {
    message: `Capsule runs on chain id ${CAPSULE_CHAIN_ID}, the id its sign-in messages and signed-action tokens name; leave CAPSULE_CHAIN_ID unset or set it to ${CAPSULE_CHAIN_ID}`,
  }),
  CAPSULE_NODE_RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  CAPSULE_ANVIL_PORT: port.default(8545),
  CAPSULE_LOCAL_TESTNET: z.enum(["0", "1"]).default("0"),
  CAPSULE_TESTNET_ANVIL_PORT: port.default(8546),
  CAPSULE_TESTNET_CHAIN_ID: positiveInt.default(77117003),
  CAPSULE_NODE_WS_URL: z.string().optional(),
  CAPSULE_ARCHIVE_RPC_URL: z.string().url().optional(),
  CAPSULE_TESTNET_RPC_URL: z.string().url().optional(),
  CAPSULE_DEPLOYMENT_FILE: z.string().optional(),
  // anvil's first dev account: only a local default, never used when a key is configured.
  CAPSULE_OPERATOR_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .default(wellKnownDevKeys[0]),
  CAPSULE_OPERATOR_KEY_FILE: z.string().optional(),
  ...hardeningEnvShape,
  ...tiersEnvShape,
  ...partnersEnvShape,
  ...edgeEnvShape,
  // the number of trusted reverse proxies in front of the server ("true" = 1): client IPs come from that many X-Forwarded-For hops from the right
  CAPSULE_TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, "0–99 trusted proxy hops, or true (1) / false (0)")
    .default("0")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
  CAPSULE_DNS_SERVERS: z.string().optional(),
  CAPSULE_DNS_TIMEOUT_MS: positiveInt.default(3000),
  CAPSULE_LINK_FETCH_TIMEOUT_MS: positiveInt.default(15000),
  CAPSULE_RATE_PUBLIC_GET_PER_MIN: positiveInt.default(100),
  // HTTP caching of public reads (docs/API.md "Caching"): seconds a shared cache may serve finalized data, then serve it stale while it revalidates
  CAPSULE_HTTP_CACHE_MAX_AGE: z.coerce.number().int().min(0).default(60),
  CAPSULE_HTTP_CACHE_SWR: z.coerce.number().int().min(0).default(300),
  // read by next.config.mjs at start: "0" turns Next's gzip off (behind a proxy that compresses)
  CAPSULE_HTTP_COMPRESS: z.enum(["0", "1"]).default("1"),
  // "1": anonymous GETs of the conditional reads are answered before Next's pipeline (server/http/fast-reads.ts)
  CAPSULE_HTTP_FAST_READS: z.enum(["0", "1"]).default("1"),
  // "1": unchanged anonymous capsule reads answered from memory on embedded SQLite (lib/http/remembered-answers.ts)
  CAPSULE_HTTP_REMEMBER: z.enum(["0", "1"]).default("1"),
  CAPSULE_PG_REMEMBER_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  // "1": a production server loads the build's source maps (mapped stack traces, about 70 MB more heap once every route ran)
  CAPSULE_SOURCE_MAPS: z.enum(["0", "1"]).default("0"),
  // server/memory-settings.ts: how far V8's heap may grow past its live data before a full collection (0 = V8's own rule)
  CAPSULE_HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(30),
  CAPSULE_RATE_WRITE_PER_MIN: positiveInt.default(20),
  CAPSULE_RATE_WRITE_PER_IP_PER_MIN: positiveInt.optional(),
  CAPSULE_RATE_AUTH_FAILURES_PER_MIN: positiveInt.default(30),
  CAPSULE_RATE_SUBMIT_PER_HOUR: positiveInt.default(5),
  CAPSULE_RATE_VOTE_PER_HOUR: positiveInt.default(50),
  // offers of one kind to one wallet at one outlet that may be withdrawn in 24 h before the next is refused (lib/roles/offer-repeats.ts)
  CAPSULE_OFFER_WITHDRAWALS_PER_DAY: positiveInt.default(3),
  CAPSULE_RATE_RPC_PER_MIN: positiveInt.default(100),
  CAPSULE_RATE_RPC_SEND_PER_MIN: positiveInt.default(20),
  CAPSULE_RATE_SERVICE_RPC_PER_MIN: positiveInt.default(20),
  CAPSULE_RPC_MAX_LOG_BLOCKS: positiveInt.default(10_000),
  CAPSULE_RPC_MAX_RESPONSE_BYTES: positiveInt.default(16 * 1_048_576),
  CAPSULE_WS_MAX_SUBSCRIPTIONS: positiveInt.default(10),
  CAPSULE_MAX_BODY_BYTES: positiveInt.default(1_048_576),
  CAPSULE_INDEXER: z.enum(["on", "off"]).default("on"),
  CAPSULE_INDEXER_POLL_MS: positiveInt.default(100),
  CAPSULE_INDEXER_BATCH_BLOCKS: positiveInt.default(2000),
  // unset → a default per chain id (lib/indexer/finality.ts)
  CAPSULE_FINALITY_DEPTH: z.coerce.number().int().min(0).max(100_000).optional(),
  // operator outbox (issue 11): how long a relayed write waits for its receipt before answering
  // "sent", and how often the leader's outbox worker checks receipts and re-broadcasts
  CAPSULE_OPERATOR_RECEIPT_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  CAPSULE_OUTBOX_POLL_MS: positiveInt.default(1_000),
  BOUNTY_HOST: z.string().default("127.0.0.1"),
  BOUNTY_PORT: port.default(46331),
  BOUNTY_STATE_FILE: z.string().optional(),
  BOUNTY_API_URL: z.string().url().optional(),
  CAPSULE_VAULT_DIR: z.string().optional(),
  CAPSULE_VAULT_MAX_BYTES: positiveInt.default(10 * 1024 * 1024),
  // stored bytes a wallet may upload in all, and the vault in all (issue 15 item 2)
  CAPSULE_VAULT_QUOTA_PER_WALLET_BYTES: positiveInt.default(100 * 1024 * 1024),
  CAPSULE_VAULT_QUOTA_TOTAL_BYTES: positiveInt.default(10 * 1024 * 1024 * 1024),
  // registering an outlet needs a funded wallet: this much CAP in the wallet, or any bond in RoleRegistry
  CAPSULE_OUTLET_MIN_FUNDS: z.string().regex(/^\d{1,12}(\.\d{1,18})?$/, "an amount of CAP such as 1 or 0.5").default("1"),
  // Operations (docs/OPERATIONS.md)
  CAPSULE_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CAPSULE_METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  CAPSULE_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  CAPSULE_WS_MAX_PER_IP: positiveInt.default(50),
  CAPSULE_WS_MAX_TOTAL: positiveInt.default(1000),
  CAPSULE_WS_UPSTREAM_POOL: z.coerce.number().int().min(1).max(16).default(1),
  // Newsroom (issue 13): live pushes and the court's right of reply
  CAPSULE_LIVE_MAX_PER_IP: positiveInt.default(20),
  CAPSULE_LIVE_MAX_TOTAL: positiveInt.default(2000),
  CAPSULE_COURT_REPLY_WINDOW_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(172_800),
  /** How long a JuryCourt case may stay unfiled by its challenger before the leader files it (ms). */
  CAPSULE_JURY_FILING_GRACE_MS: z.coerce.number().int().min(0).default(600_000),
  /** How often the leader looks for unfiled and final jury cases (ms). */
  CAPSULE_JURY_FILER_POLL_MS: z.coerce.number().int().min(100).default(15_000),
  /** How often the leader refunds the rival deposits of sold exclusive listings (ms); a grant also asks for a pass at once. */
  CAPSULE_ESCROW_REFUND_POLL_MS: z.coerce.number().int().min(100).default(5_000),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export function parseServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = serverEnvSchema.safeParse(withOperatorKeyFile(source));
  if (!parsed.success) {
    // zod's messages name the rule broken, never the value given, so a secret set wrongly is not echoed
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} (${issue.message})`).join(", ");
    throw new Error(`Invalid configuration in environment variables: ${problems}`);
  }
  return parsed.data;
}
