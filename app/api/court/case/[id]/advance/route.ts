import { db } from "@/lib/db/client";
import { courtAdvance } from "@/lib/endpoints/court/advance";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { advanceJuryCase } from "@/lib/services/court/jury-relay";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/advance — move a jury case to its next period (or settle it once final)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtAdvance, async ({ params }) => advanceJuryCase(db(), params.id)));
