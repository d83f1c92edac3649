import { ZDisableWebhookBody, ZWebhookParams, ZWebhookResponse } from "@/features/partners/partners.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/partners/webhooks/:id/disable
export const partnersDisableWebhook = defineEndpoint({
  id: "partners.disable-webhook",
  method: "POST",
  path: "/api/partners/webhooks/:id/disable",
  summary: "Disables a partner webhook: nothing more is sent to it and its URL may be registered again (bridge operator only)",
  action: "partners.webhooks.disable",
  rolesNote: "only the bridge operator's wallet",
  params: ZWebhookParams,
  body: ZDisableWebhookBody,
  response: ZWebhookResponse,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "WEBHOOK_NOT_FOUND", "INVALID_STATE"],
  example: { params: { id: "1" }, body: {} },
});
