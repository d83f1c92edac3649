import { pageQuery } from "@/lib/schemas/pagination";
import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { ZVoteListResponse } from "@/features/voting/capsule-votes.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/votes
export const capsuleVotes = defineEndpoint({
  id: "capsules.votes",
  method: "GET",
  path: "/api/capsules/:id/votes",
  summary: "The capsule's indexed votes in chain order, with voter names and the tally of the same read",
  description:
    "Votes come from the indexed VoteCast projection (never from the browser's own log reading). `capsule` and `policy` are read in the same snapshot as the page of votes, so the tally always matches the voters listed.",
  privateDrafts: { capsuleParam: "id" },
  params: ZCapsuleIdParams,
  query: pageQuery,
  response: ZVoteListResponse,
  rateLimit: ["public-get"],
  conditional: true,
  errors: ["CAPSULE_NOT_FOUND"],
  example: { params: { id: "1" } },
});
