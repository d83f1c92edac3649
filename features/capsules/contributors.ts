// Contributor revenue shares are basis points out of 10000 (seed: Limits).
export const TOTAL_SHARE_BPS = 10_000;

export type ShareCheck = { ok: true } | { ok: false; message: string };

export function checkShares(shares: readonly number[]): ShareCheck {
  if (shares.length === 0) return { ok: false, message: "at least one contributor is required" };
  const sum = shares.reduce((a, b) => a + b, 0);
  if (sum !== TOTAL_SHARE_BPS) return { ok: false, message: `contributor shares must sum to exactly ${TOTAL_SHARE_BPS} basis points (got ${sum})` };
  return { ok: true };
}

export function countPrimary(items: readonly { isPrimary: boolean }[]): number {
  return items.filter((item) => item.isPrimary).length;
}
