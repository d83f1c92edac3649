import { db } from "@/lib/db/client";
import { courtAppeal } from "@/features/court/appeal.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { appealQuote } from "@/features/court/jury-appeal";

export const dynamic = "force-dynamic";

// GET /api/court/case/:id/appeal — every side's appeal cost before anyone funds
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtAppeal, async ({ params }) => appealQuote(db(), params.id)));
