import { db } from "@/lib/db/client";
import { courtCase } from "@/features/court/case.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { caseById } from "@/features/court/case-queries";

export const dynamic = "force-dynamic";

// GET /api/court/case/:id — one case with its full timeline
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtCase, async ({ params }) => caseById(db(), params.id)));
