import { db } from "@/lib/db/client";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { readInbox } from "@/features/inbox/inbox";

export const dynamic = "force-dynamic";

// POST /api/inbox — the signer's inbox, newest first, with the unread count (a signed read)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(inboxRead, async ({ body, wallet }) => readInbox(db(), wallet, body)));
