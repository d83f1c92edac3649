import "server-only";
import path from "node:path";
import { registerSecret } from "@/lib/log";
import { parseServerEnv, type ServerEnv } from "./server-env";
import { urlSecretParts } from "@/lib/url-redaction";

export type ServerConfig = ServerEnv & {
  dataDir: string;
  deploymentFile: string;
  vaultDir: string;
  bountyStateFile: string;
  nodeWsUrl: string;
};

let cached: ServerConfig | undefined;

export function resolveConfig(env: ServerEnv): ServerConfig {
  // The ignore comments keep the build's file tracer from reading these run-time paths as "any file of the project"
  // (it then copied tests, benches and docs into every route's trace).
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.CAPSULE_DATA_DIR);
  return {
    ...env,
    dataDir,
    deploymentFile: path.resolve(/*turbopackIgnore: true*/ env.CAPSULE_DEPLOYMENT_FILE ?? path.join(dataDir, "deployment.json")),
    vaultDir: path.resolve(/*turbopackIgnore: true*/ env.CAPSULE_VAULT_DIR ?? path.join(dataDir, "vault")),
    bountyStateFile: path.resolve(/*turbopackIgnore: true*/ env.BOUNTY_STATE_FILE ?? path.join(dataDir, "bounty-state.json")),
    nodeWsUrl: env.CAPSULE_NODE_WS_URL ?? env.CAPSULE_NODE_RPC_URL.replace(/^http/, "ws"),
  };
}

/** The process configuration, parsed on first use. */
export function config(): ServerConfig {
  if (!cached) {
    cached = resolveConfig(parseServerEnv());
    registerSecret(cached.CAPSULE_OPERATOR_KEY);
    registerSecret(cached.CAPSULE_OPERATOR_KEY.slice(2));
    if (cached.DATABASE_URL) registerSecret(new URL(cached.DATABASE_URL).password || undefined);
    registerSecret(cached.CAPSULE_METRICS_TOKEN);
    // credentials inside provider URLs (keys in paths and queries) never reach a log line either
    for (const value of Object.values(cached)) {
      if (typeof value === "string") urlSecretParts(value).forEach(registerSecret);
    }
  }
  return cached;
}
