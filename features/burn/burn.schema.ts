import { z } from "zod";

// Burn pool status (seed: "Burn status: { poolSize, nextBurnDate, lastBurnAmount, totalBurned }, all strings").
// Amounts are wei as decimal strings; dates are Unix seconds as strings ("0" = never).
const ZWei = z.string().regex(/^\d+$/);
const ZUnixSeconds = z.string().regex(/^\d+$/);

export const ZBurnStatusResponse = z.object({
  ok: z.literal(true),
  poolSize: ZWei,
  nextBurnDate: ZUnixSeconds,
  lastBurnAmount: ZWei,
  totalBurned: ZWei,
  lastBurnDate: ZUnixSeconds,
  burnIntervalSeconds: z.string().regex(/^\d+$/),
  burnPool: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  blockNumber: z.string().regex(/^\d+$/),
});
export type TBurnStatusResponse = z.infer<typeof ZBurnStatusResponse>;
