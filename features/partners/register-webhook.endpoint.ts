import { ZRegisterWebhookBody, ZRegisterWebhookResponse } from "@/features/partners/partners.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/partners/webhooks
export const partnersRegisterWebhook = defineEndpoint({
  id: "partners.register-webhook",
  method: "POST",
  path: "/api/partners/webhooks",
  summary: "Registers a partner's Standard Webhooks endpoint (bridge operator only)",
  description:
    "Partner streams: every finalized article and every label change, signed per the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature) with the secret the partner chose. Delivered at least once from a durable queue, Premium outlets' events first.",
  action: "partners.webhooks.register",
  rolesNote: "only the bridge operator's wallet",
  body: ZRegisterWebhookBody,
  response: ZRegisterWebhookResponse,
  status: 201,
  rateLimit: ["signed-write"],
  errors: ["FORBIDDEN", "CONFLICT"],
  example: { body: { partnerWallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", url: "https://partner.example.org/hooks/capsule", secret: "whsec_BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=", eventTypes: ["article.finalized"] } },
});
