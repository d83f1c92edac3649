import { z } from "zod";

// One voter as GET /api/capsules/:id/votes lists it; here (not in the voting feature) because a
// pushed vote change carries the same rows (lib/live/live-event.ts).

const ZAddressOut = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const ZVoteItem = z.object({
  voter: ZAddressOut,
  /** The name the wallet signs with at the outlet (see docs/DECISIONS.md), null when not a member or unnamed. */
  displayName: z.string().nullable(),
  support: z.boolean(),
  /** Decimal string of wei (the voter's bond when it voted). */
  weight: z.string().regex(/^[0-9]+$/),
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  blockTime: z.string().regex(/^[0-9]+$/),
  /** The voter's public reason, null when none was given; the signature lets anyone check it (VoteReason, docs/API.md). */
  reason: z
    .object({
      text: z.string(),
      /** CapsuleAcceptance.nonces(voter) that the ballot signed: the VoteReason's ballotNonce. */
      ballotNonce: z.string().regex(/^[0-9]+$/),
      signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/),
    })
    .nullable(),
});
export type TVoteItem = z.infer<typeof ZVoteItem>;
