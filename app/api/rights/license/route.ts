import { db } from "@/lib/db/client";
import { rightsLicense } from "@/features/rights/license.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { licenseListing } from "@/features/rights/rights";

export const dynamic = "force-dynamic";

// POST /api/rights/license — license an active listing (an exclusive one only once)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(rightsLicense, async ({ body, wallet, now }) => licenseListing(db(), wallet, body, now)));
