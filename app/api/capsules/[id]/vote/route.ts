import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { ZCapsuleIdParams, ZVoteBody, ZVoteResponse } from "@/lib/schemas/capsules";
import { relayVote } from "@/lib/services/capsules/voting";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/vote — relay the voter's signed Ballot on chain; answers the indexed tally
export const POST = route({ action: "capsules.vote", body: ZVoteBody, sessionRule: (r) => r.vote }, async ({ params, body, wallet }) => {
  const { id } = ZCapsuleIdParams.parse(params);
  return ZVoteResponse.parse(await relayVote(db(), wallet, id, body));
});
