import { db } from "@/lib/db/client";
import { partnersListWebhooks } from "@/features/partners/list-webhooks.endpoint";
import { partnersRegisterWebhook } from "@/features/partners/register-webhook.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { listWebhooks, registerWebhook } from "@/features/partners/webhooks";

export const dynamic = "force-dynamic";

// GET /api/partners/webhooks — every partner webhook, for the bridge operator
// POST /api/partners/webhooks — the bridge operator registers a partner's Standard Webhooks endpoint
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(partnersListWebhooks, async ({ query, viewer }) => listWebhooks(db(), query, viewer)),
  serve(partnersRegisterWebhook, async ({ body, wallet, now }) => registerWebhook(db(), wallet, body, now)),
);
