import { db } from "@/lib/db/client";
import { partnersRegisterWebhook } from "@/lib/endpoints/partners/register-webhook";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { registerWebhook } from "@/lib/services/partners/webhooks";

export const dynamic = "force-dynamic";

// POST /api/partners/webhooks — the bridge operator registers a partner's Standard Webhooks endpoint
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(partnersRegisterWebhook, async ({ body, wallet, now }) => registerWebhook(db(), wallet, body, now)));
