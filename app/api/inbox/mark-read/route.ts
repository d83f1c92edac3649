import { db } from "@/lib/db/client";
import { inboxMarkRead } from "@/lib/endpoints/inbox/mark-read";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { markInboxRead } from "@/lib/services/inbox/inbox";

export const dynamic = "force-dynamic";

// POST /api/inbox/mark-read — marks the signer's inbox read up to an entry (or all of it)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(inboxMarkRead, async ({ body, wallet, now }) => markInboxRead(db(), wallet, body.upToId, now)));
