import { db } from "@/lib/db/client";
import { courtCases } from "@/lib/endpoints/court/cases";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { casePage } from "@/lib/services/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/court/cases — court cases, newest first, filtered by status and outlet
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtCases, async ({ query }) => casePage(db(), query)));
