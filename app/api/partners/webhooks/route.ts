import { db } from "@/lib/db/client";
import { partnersRegisterWebhook } from "@/features/partners/register-webhook.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { registerWebhook } from "@/features/partners/webhooks";

export const dynamic = "force-dynamic";

// POST /api/partners/webhooks — the bridge operator registers a partner's Standard Webhooks endpoint
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(partnersRegisterWebhook, async ({ body, wallet, now }) => registerWebhook(db(), wallet, body, now)));
