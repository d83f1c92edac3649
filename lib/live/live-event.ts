import { z } from "zod";
import { ZUintString } from "@/lib/schemas/primitives";

// What GET /api/live pushes to browsers (Server-Sent Events, one JSON object per `data:` line):
// every committed change of the indexed projection (a new block, votes, finalization, court
// changes) and the bridge's own SQL changes that pages follow (court replies, inbox reads).

/** A capsule's tally after the change, with the very fields and types of the capsule read's `capsule` object. */
export const ZLiveTally = z.object({
  capsuleId: z.string(),
  yesVotes: ZUintString,
  noVotes: ZUintString,
  weightedYes: z.string(),
  weightedNo: z.string(),
  weightedParticipation: z.string(),
});
export type LiveTally = z.infer<typeof ZLiveTally>;

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
  /**
   * On a change holding votes: the tallies of the named capsules as committed, read once per change,
   * for capsules anyone may read (never a capsule that did not reach the chain). Absent otherwise.
   */
  tallies: z.array(ZLiveTally).optional(),
});
export type LiveEvent = z.infer<typeof ZLiveEvent>;

/** The kind a pushed change carries when it holds a vote (`contract:Event`, as the indexer names events). */
export const VOTE_CAST_KIND = "capsuleAcceptance:VoteCast";

/** A change that holds votes and nothing else: a page may take the pushed tallies instead of re-reading the capsules. */
export const onlyVotes = (event: LiveEvent): boolean => !event.everything && event.kinds.length > 0 && event.kinds.every((kind) => kind === VOTE_CAST_KIND);
