import { ZDeliveriesPage, ZDeliveriesQuery, ZWebhookParams } from "@/features/partners/partners.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/partners/webhooks/:id/deliveries
export const partnersWebhookDeliveries = defineEndpoint({
  id: "partners.webhook-deliveries",
  method: "GET",
  path: "/api/partners/webhooks/:id/deliveries",
  summary: "A partner webhook's deliveries, newest first (signed read by the partner or the operator)",
  params: ZWebhookParams,
  query: ZDeliveriesQuery,
  response: ZDeliveriesPage,
  rateLimit: ["public-get"],
  privateDrafts: { tokenRequired: true },
  errors: ["UNAUTHORIZED", "WEBHOOK_NOT_FOUND"],
  example: { params: { id: "1" } },
});
