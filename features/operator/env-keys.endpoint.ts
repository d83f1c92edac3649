import { ZEnvKeysResponse } from "@/features/system/system.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/meta/env-keys
export const envKeys = defineEndpoint({
  id: "meta.env-keys",
  method: "GET",
  path: "/api/meta/env-keys",
  summary: "The inventory of configuration keys (names only, never values)",
  response: ZEnvKeysResponse,
  rateLimit: ["public-get"],
  errors: [],
});
