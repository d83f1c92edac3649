import { z } from "zod";
import { ZCapsuleObject, ZPolicyObject } from "@/features/capsules/capsules.schema";
import { pagedResponse } from "@/lib/schemas/primitives";
import { ZVoteItem } from "@/lib/schemas/vote-item";

// GET /api/capsules/:id/votes — the indexed VoteCast projection, with the capsule's tally read in
// the same snapshot so a page can render voters and tally from one answer.

export { ZVoteItem, type TVoteItem } from "@/lib/schemas/vote-item";

export const ZVoteListResponse = pagedResponse(ZVoteItem).extend({
  capsuleId: z.string(),
  /** The capsule (status, window, tally) as projected when the votes were read. */
  capsule: ZCapsuleObject,
  policy: ZPolicyObject,
});
export type TVoteListResponse = z.infer<typeof ZVoteListResponse>;
