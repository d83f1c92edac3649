import { db } from "@/lib/db/client";
import { inboxMarkRead } from "@/features/inbox/mark-read.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { markInboxRead } from "@/features/inbox/inbox";

export const dynamic = "force-dynamic";

// POST /api/inbox/mark-read — marks the signer's inbox read up to an entry (or all of it)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(inboxMarkRead, async ({ body, wallet, now }) => markInboxRead(db(), wallet, body.upToId, now)));
