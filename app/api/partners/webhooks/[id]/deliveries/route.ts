import { db } from "@/lib/db/client";
import { partnersWebhookDeliveries } from "@/features/partners/webhook-deliveries.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { webhookDeliveries } from "@/features/partners/webhooks";

export const dynamic = "force-dynamic";

// GET /api/partners/webhooks/:id/deliveries — a partner webhook's deliveries, for its partner or the operator
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(partnersWebhookDeliveries, async ({ params, query, viewer }) => webhookDeliveries(db(), params.id, query, viewer)));
