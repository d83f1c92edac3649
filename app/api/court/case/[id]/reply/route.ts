import { db } from "@/lib/db/client";
import { courtReply } from "@/lib/endpoints/court/reply";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { fileCaseReply } from "@/lib/services/court/file-reply";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/reply — the author or an editor files the case's reply within the reply window
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtReply, async ({ params, body, wallet, now }) => fileCaseReply(db(), wallet, params.id, body, now)));
