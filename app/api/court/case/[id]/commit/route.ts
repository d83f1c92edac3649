import { db } from "@/lib/db/client";
import { courtCommit } from "@/features/court/commit.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { relayCommit } from "@/features/court/jury-relay";

export const dynamic = "force-dynamic";

// POST /api/court/case/:id/commit — a juror's signed commitment, relayed to JuryCourt
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(courtCommit, async ({ params, body, wallet }) => relayCommit(db(), wallet, params.id, body)));
