import { z } from "zod";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse, ZAddressOut, ZUintString } from "@/lib/schemas/primitives";

// A wallet's earnings (issue 29 items 4 and 5): its part of ad revenue and of licence payments released from escrow.

export const ZEarningsQuery = pageQuery.extend({ source: z.enum(["ad", "licence"]).optional() });
export type TEarningsQuery = z.infer<typeof ZEarningsQuery>;

export const ZLedgerEntry = z.object({
  entryId: z.string(),
  source: z.enum(["ad", "licence"]),
  /** The ad impression, or the escrow payment. */
  sourceId: z.string(),
  capsuleId: z.string().nullable(),
  outletSlug: z.string().nullable(),
  /** outlet: the outlet's part of an ad · payee: a licence listing's payee · contributor: by shareBps. */
  party: z.enum(["outlet", "payee", "contributor"]),
  /** The contributor's basis points of the contributors' part (0 for outlet and payee). */
  shareBps: z.number().int(),
  /** wei */
  amount: ZUintString,
  txHash: z.string().nullable(),
  createdAt: ZUintString,
});

export const ZEarningsPage = pagedResponse(ZLedgerEntry).extend({
  wallet: ZAddressOut,
  /** wei earned in all, by source (whatever the filter and page). */
  totals: z.object({ ad: ZUintString, licence: ZUintString, all: ZUintString }),
});
