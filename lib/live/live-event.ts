import { z } from "zod";

// What GET /api/live pushes to browsers (Server-Sent Events, one JSON object per `data:` line):
// every committed change of the indexed projection (a new block, votes, finalization, court
// changes) and the bridge's own SQL changes that pages follow (court replies, inbox reads).

export const ZLiveEvent = z.object({
  /** hello: the first event on a stream (the current block); change: something was committed. */
  type: z.enum(["hello", "change"]),
  /** The block the projection is at; its timestamp is the chain's "now" (docs/ARCHITECTURE.md, "Where truth lives"). */
  block: z.number().int(),
  blockTime: z.number().int(),
  capsuleIds: z.array(z.string()),
  wallets: z.array(z.string()),
  caseIds: z.array(z.string()),
  /** Event kinds (`contract:Event`) or bridge changes (`bridge:<what>`). */
  kinds: z.array(z.string()),
  /** The projection was rewound (reorg) or the change was too large to list: re-read everything. */
  everything: z.boolean(),
});
export type LiveEvent = z.infer<typeof ZLiveEvent>;

/** The kind a pushed change carries when it holds a vote (`contract:Event`, as the indexer names events). */
export const VOTE_CAST_KIND = "capsuleAcceptance:VoteCast";
