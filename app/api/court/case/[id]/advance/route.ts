import { db } from "@/lib/db/client";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { advanceJuryCase } from "@/features/court/jury-relay";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/advance — move a jury case to its next period (or settle it once final)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtAdvance, async ({ params }) => advanceJuryCase(db(), params.id)));
