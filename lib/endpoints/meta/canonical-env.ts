import { ZCanonicalEnvResponse } from "@/lib/schemas/system";
import { defineEndpoint } from "../define";

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
