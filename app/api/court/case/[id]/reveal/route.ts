import { db } from "@/lib/db/client";
import { courtReveal } from "@/lib/endpoints/court/reveal";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { relayReveal } from "@/lib/services/court/jury-relay";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/reveal — a juror's signed reveal, relayed to JuryCourt
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtReveal, async ({ params, body, wallet }) => relayReveal(db(), wallet, params.id, body)));
