import { db } from "@/lib/db/client";
import { outletRead } from "@/lib/endpoints/outlets/read";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { getOutletRecord } from "@/lib/services/outlets/outlet-queries";

export const dynamic = "force-dynamic";

// GET /api/outlets/:slug — one outlet with its verification state and distribution tier
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(outletRead, async ({ params, now }) => getOutletRecord(db(), params.slug, now)));
