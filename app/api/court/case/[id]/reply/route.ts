import { db } from "@/lib/db/client";
import { courtReply } from "@/features/court/reply.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { fileCaseReply } from "@/features/court/file-reply";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/reply — the author or an editor files the case's reply within the reply window
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtReply, async ({ params, body, wallet, now }) => fileCaseReply(db(), wallet, params.id, body, now)));
