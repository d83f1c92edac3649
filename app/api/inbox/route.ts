import { db } from "@/lib/db/client";
import { inboxRead } from "@/lib/endpoints/inbox/read";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { readInbox } from "@/lib/services/inbox/inbox";

export const dynamic = "force-dynamic";

// POST /api/inbox — the signer's inbox, newest first, with the unread count (a signed read)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(inboxRead, async ({ body, wallet }) => readInbox(db(), wallet, body)));
