import { db } from "@/lib/db/client";
import { courtCommit } from "@/lib/endpoints/court/commit";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { relayCommit } from "@/lib/services/court/jury-relay";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/commit — a juror's signed commitment, relayed to JuryCourt
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtCommit, async ({ params, body, wallet }) => relayCommit(db(), wallet, params.id, body)));
