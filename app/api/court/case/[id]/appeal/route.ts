import { db } from "@/lib/db/client";
import { courtAppeal } from "@/lib/endpoints/court/appeal";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { appealQuote } from "@/lib/services/court/jury-appeal";

export const dynamic = "force-dynamic";

// GET /api/court/case/:id/appeal — every side's appeal cost before anyone funds
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtAppeal, async ({ params }) => appealQuote(db(), params.id)));
