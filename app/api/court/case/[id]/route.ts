import { db } from "@/lib/db/client";
import { courtCase } from "@/lib/endpoints/court/case";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { caseById } from "@/lib/services/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/court/case/:id — one case with its full timeline
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtCase, async ({ params }) => caseById(db(), params.id)));
