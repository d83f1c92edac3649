import { z } from "zod";
import { ZUintString } from "@/lib/schemas/primitives";
import { ZVoteItem } from "@/lib/schemas/vote-item";

// What GET /api/live pushes to browsers (Server-Sent Events, one JSON object per `data:` line):
// every committed change of the indexed projection (a new block, votes, finalization, court
// changes) and the bridge's own SQL changes that pages follow (court writes, roles granted and revoked,
// licences). The stream is public: only changes anyone may know (lib/live/public-changes.ts).

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

/** How many of a capsule's newest votes a pushed change carries. */
export const PUSHED_VOTE_ROWS = 3;

/**
 * A capsule's votes after the change: how many it has, and its newest rows (at most PUSHED_VOTE_ROWS,
 * oldest first) exactly as GET /api/capsules/:id/votes lists them, read in the snapshot of its tally.
 * A page holding the list up to the vote before appends the rows it lacks instead of reading the list again.
 */
export const ZPushedVotes = z.object({
  capsuleId: z.string(),
  total: z.number().int().nonnegative(),
  latest: z.array(ZVoteItem).max(PUSHED_VOTE_ROWS),
});
export type PushedVotes = z.infer<typeof ZPushedVotes>;

export const ZLiveEvent = z.object({
  /** hello: the first event on a stream (the current block); change: something was committed. */
  type: z.enum(["hello", "change"]),
  /** The block the projection is at; its timestamp is the chain's "now" (docs/ARCHITECTURE.md, "Where truth lives"). */
  block: z.number().int(),
  blockTime: z.number().int(),
  capsuleIds: z.array(z.string()),
  wallets: z.array(z.string()),
  caseIds: z.array(z.string()),
  /** Event kinds (`contract:Event`) or the bridge's public changes (`bridge:<what>`, lib/live/public-changes.ts). */
  kinds: z.array(z.string()),
  /** The projection was rewound (reorg) or the change was too large to list: re-read everything. */
  everything: z.boolean(),
  /**
   * On a change holding votes: the tallies of the named capsules as committed, read once per change,
   * for capsules anyone may read (never a capsule that did not reach the chain). Absent otherwise.
   */
  tallies: z.array(ZLiveTally).optional(),
  /** With `tallies`: the same capsules' vote counts and newest voter rows. Absent otherwise. */
  votes: z.array(ZPushedVotes).optional(),
});
export type LiveEvent = z.infer<typeof ZLiveEvent>;

/** The kind a pushed change carries when it holds a vote (`contract:Event`, as the indexer names events). */
export const VOTE_CAST_KIND = "capsuleAcceptance:VoteCast";

/** A change that holds votes and nothing else: a page may take the pushed tallies instead of re-reading the capsules. */
export const onlyVotes = (event: LiveEvent): boolean => !event.everything && event.kinds.length > 0 && event.kinds.every((kind) => kind === VOTE_CAST_KIND);
