import { ZCanonicalEnvResponse } from "@/features/system/system.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/meta/canonical-env
export const canonicalEnv = defineEndpoint({
  id: "meta.canonical-env",
  method: "GET",
  path: "/api/meta/canonical-env",
  summary: "The effective configuration (defaults applied); secrets redacted",
  response: ZCanonicalEnvResponse,
  rateLimit: ["public-get"],
  errors: [],
});
