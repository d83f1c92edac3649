import { TOTAL_SHARE_BPS } from "./contributors";

// How revenue of an article is split (issue 29 items 4 and 5), the same arithmetic as
// LicenceEscrow.release on chain: the first party (the outlet for ads, the listing's payee for a
// licence) takes `firstPartyBps`; the rest is the contributors' pool, each contributor ⌊pool × shareBps
// / 10 000⌋; what rounding leaves goes to the first party, so the parts always sum to the amount.

export type ShareHolder = { wallet: string; shareBps: number };
export type Split = { firstParty: bigint; contributors: Array<ShareHolder & { amount: bigint }> };

export function splitRevenue(amount: bigint, firstPartyBps: number, contributors: readonly ShareHolder[]): Split {
  if (amount < 0n) throw new RangeError("amount must not be negative");
  if (!Number.isInteger(firstPartyBps) || firstPartyBps < 0 || firstPartyBps > TOTAL_SHARE_BPS) throw new RangeError("firstPartyBps must be 0..10000");
  if (contributors.length === 0) return { firstParty: amount, contributors: [] };
  const total = contributors.reduce((sum, c) => sum + c.shareBps, 0);
  if (total !== TOTAL_SHARE_BPS) throw new RangeError(`contributor shares sum to ${total}, not ${TOTAL_SHARE_BPS}`);
  const pool = (amount * BigInt(TOTAL_SHARE_BPS - firstPartyBps)) / BigInt(TOTAL_SHARE_BPS);
  const parts = contributors.map((c) => ({ ...c, amount: (pool * BigInt(c.shareBps)) / BigInt(TOTAL_SHARE_BPS) }));
  return { firstParty: amount - parts.reduce((sum, p) => sum + p.amount, 0n), contributors: parts };
}
