import { db } from "@/lib/db/client";
import { partnersWebhookDeliveries } from "@/lib/endpoints/partners/webhook-deliveries";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { webhookDeliveries } from "@/lib/services/partners/webhooks";

export const dynamic = "force-dynamic";

// GET /api/partners/webhooks/:id/deliveries — a partner webhook's deliveries, for its partner or the operator
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(partnersWebhookDeliveries, async ({ params, query, viewer }) => webhookDeliveries(db(), params.id, query, viewer)));
