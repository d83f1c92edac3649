import { db } from "@/lib/db/client";
import { courtEvidence } from "@/lib/endpoints/court/evidence";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { relayEvidence } from "@/lib/services/court/jury-relay";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/evidence — a party's evidence, relayed to JuryCourt
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtEvidence, async ({ params, body, wallet }) => relayEvidence(db(), wallet, params.id, body.uri)));
