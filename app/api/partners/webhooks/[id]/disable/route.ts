import { db } from "@/lib/db/client";
import { partnersDisableWebhook } from "@/features/partners/disable-webhook.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { disableWebhook } from "@/features/partners/webhooks";

export const dynamic = "force-dynamic";

// POST /api/partners/webhooks/:id/disable — the bridge operator stops a partner webhook
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(partnersDisableWebhook, async ({ params, wallet, now }) => disableWebhook(db(), wallet, params.id, now)));
