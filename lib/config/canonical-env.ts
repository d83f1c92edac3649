import type { ServerConfig } from "./config";
import { envCatalog, redactEnvValue } from "./env-catalog";

export type CanonicalEnv = { env: Record<string, string | null>; redacted: string[] };

/**
 * The effective configuration as GET /api/meta/canonical-env shows it: every catalogued setting with
 * defaults applied; `redacted` names each setting whose value was hidden or partly masked.
 */
export function canonicalEnv(cfg: ServerConfig): CanonicalEnv {
  const env: Record<string, string | null> = {};
  const redacted: string[] = [];
  for (const key of envCatalog) {
    const raw = cfg[key.name];
    const value = raw === undefined ? undefined : String(raw);
    const shown = redactEnvValue(key.name, value, key.secret);
    if (shown !== (value ?? null)) redacted.push(key.name);
    env[key.name] = shown;
  }
  return { env, redacted };
}
