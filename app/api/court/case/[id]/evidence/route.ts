import { db } from "@/lib/db/client";
import { courtEvidence } from "@/features/court/evidence.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { relayEvidence } from "@/features/court/jury-relay";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/evidence — a party's evidence, relayed to JuryCourt
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtEvidence, async ({ params, body, wallet }) => relayEvidence(db(), wallet, params.id, body.uri)));
