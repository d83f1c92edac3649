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
  /** The time the chain would give a transaction sent now (the latest block's, or the wall clock's when later). */
  chainTime: ZUnixSeconds,
  /** Whether BurnPool.burn() may be called now: chainTime has reached nextBurnDate. */
  due: z.boolean(),
});
export type TBurnStatusResponse = z.infer<typeof ZBurnStatusResponse>;
