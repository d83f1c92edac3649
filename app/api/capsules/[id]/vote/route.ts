import { db } from "@/lib/db/client";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { relayVote } from "@/features/voting/voting";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/vote — relay the voter's signed Ballot on chain; answers the indexed tally
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleVote, async ({ params, body, wallet }) => relayVote(db(), wallet, params.id, body)));
