import { db } from "@/lib/db/client";
import { courtVerdict } from "@/lib/endpoints/court/verdict";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { recordVerdict } from "@/lib/services/court/record-verdict";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/verdict — a Court clerk closes the case; the verdict becomes the label (and may slash the outlet's bond)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtVerdict, async ({ params, body, wallet, now }) => recordVerdict(db(), wallet, params.id, body, now)));
