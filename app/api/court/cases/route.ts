import { db } from "@/lib/db/client";
import { courtCases } from "@/features/court/cases.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { casePage } from "@/features/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/court/cases — court cases, newest first, filtered by status and outlet
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtCases, async ({ query }) => casePage(db(), query)));
