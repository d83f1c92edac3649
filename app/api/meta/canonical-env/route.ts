import { ZCanonicalEnvResponse } from "@/lib/schemas/system";
import { route } from "@/lib/http/route";
import { config } from "@/lib/config/config";
import { envCatalog, redactEnvValue } from "@/lib/config/env-catalog";

export const dynamic = "force-dynamic";

// GET /api/meta/canonical-env — the effective configuration (defaults applied); secrets redacted
export const GET = route({}, async () => {
  const cfg = config();
  const env: Record<string, string | null> = {};
  const redacted: string[] = [];
  for (const key of envCatalog) {
    const raw = cfg[key.name];
    const value = raw === undefined ? undefined : String(raw);
    const shown = redactEnvValue(key.name, value, key.secret);
    if (shown === "[redacted]") redacted.push(key.name);
    env[key.name] = shown;
  }
  return ZCanonicalEnvResponse.parse({ ok: true, env, redacted });
});
