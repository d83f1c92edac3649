import { z } from "zod";

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
  CAPSULE_CHAIN_ID: positiveInt.default(77117002),
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
    .default("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"),
  CAPSULE_TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0").transform((v) => v === "1" || v === "true"),
  CAPSULE_DNS_SERVERS: z.string().optional(),
  CAPSULE_DNS_TIMEOUT_MS: positiveInt.default(3000),
  CAPSULE_RATE_PUBLIC_GET_PER_MIN: positiveInt.default(100),
  CAPSULE_RATE_WRITE_PER_MIN: positiveInt.default(20),
  CAPSULE_RATE_SUBMIT_PER_HOUR: positiveInt.default(5),
  CAPSULE_RATE_VOTE_PER_HOUR: positiveInt.default(50),
  CAPSULE_RATE_RPC_PER_MIN: positiveInt.default(100),
  CAPSULE_RATE_RPC_SEND_PER_MIN: positiveInt.default(20),
  CAPSULE_RATE_SERVICE_RPC_PER_MIN: positiveInt.default(20),
  CAPSULE_WS_MAX_SUBSCRIPTIONS: positiveInt.default(10),
  CAPSULE_MAX_BODY_BYTES: positiveInt.default(1_048_576),
  CAPSULE_INDEXER: z.enum(["on", "off"]).default("on"),
  CAPSULE_INDEXER_POLL_MS: positiveInt.default(100),
  CAPSULE_INDEXER_BATCH_BLOCKS: positiveInt.default(2000),
  BOUNTY_HOST: z.string().default("127.0.0.1"),
  BOUNTY_PORT: port.default(46331),
  BOUNTY_STATE_FILE: z.string().optional(),
  BOUNTY_API_URL: z.string().url().optional(),
  CAPSULE_VAULT_DIR: z.string().optional(),
  CAPSULE_VAULT_MAX_BYTES: positiveInt.default(10 * 1024 * 1024),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export function parseServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = serverEnvSchema.safeParse(source);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`Invalid configuration in environment variables: ${names}`);
  }
  return parsed.data;
}
