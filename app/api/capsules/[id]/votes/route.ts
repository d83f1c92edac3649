import { database } from "@/lib/db/client";
import { capsuleVotes } from "@/lib/endpoints/capsules/votes";
import { conditional, endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { isSettled } from "@/lib/services/capsules/capsule-view";
import { buildVotesPage, votesPageRows } from "@/lib/services/capsules/vote-list";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/votes — indexed votes with names, and the tally of the same read; conditional
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleVotes, async ({ params, query }) => {
    const page = await votesPageRows(database(), params.id, query);
    return conditional(page, isSettled(page.row), () => buildVotesPage(page, query));
  }),
);
