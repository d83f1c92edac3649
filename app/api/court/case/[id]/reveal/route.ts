import { db } from "@/lib/db/client";
import { courtReveal } from "@/features/court/reveal.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { relayReveal } from "@/features/court/jury-relay";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/reveal — a juror's signed reveal, relayed to JuryCourt
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtReveal, async ({ params, body, wallet }) => relayReveal(db(), wallet, params.id, body)));
