import { ZActionKeysResponse } from "@/features/system/system.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/meta/action-keys
export const actionKeys = defineEndpoint({
  id: "meta.action-keys",
  method: "GET",
  path: "/api/meta/action-keys",
  summary: "Every action a signed token may carry, with its route and who may use it",
  response: ZActionKeysResponse,
  rateLimit: ["public-get"],
  errors: [],
});
