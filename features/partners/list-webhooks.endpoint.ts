import { ZWebhooksPage, ZWebhooksQuery } from "@/features/partners/partners.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/partners/webhooks
export const partnersListWebhooks = defineEndpoint({
  id: "partners.list-webhooks",
  method: "GET",
  path: "/api/partners/webhooks",
  summary: "Every partner webhook, enabled or disabled, newest first (signed read by the bridge operator)",
  query: ZWebhooksQuery,
  response: ZWebhooksPage,
  rateLimit: ["public-get"],
  privateDrafts: { tokenRequired: true },
  errors: ["UNAUTHORIZED", "FORBIDDEN"],
});
