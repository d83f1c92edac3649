// Contributor revenue shares are basis points out of 10000 (seed: Limits).
export const TOTAL_SHARE_BPS = 10_000;

export type ShareCheck = { ok: true } | { ok: false; message: string };

export function checkShares(shares: readonly number[]): ShareCheck {
  if (shares.length === 0) return { ok: false, message: "at least one contributor is required" };
  const sum = shares.reduce((a, b) => a + b, 0);
  if (sum !== TOTAL_SHARE_BPS) return { ok: false, message: `contributor shares must sum to exactly ${TOTAL_SHARE_BPS} basis points (got ${sum})` };
  return { ok: true };
}

/** What a contributor list without an author is told (the bridge's issue on `contributors`, and the draft form's). */
export const NO_AUTHOR_MESSAGE = "at least one contributor must be credited as author";

/** Whether a (non-empty) contributor list credits someone as author: a capsule is never left without one. */
export const hasAuthor = (contributionTypes: readonly string[]): boolean => contributionTypes.includes("author");

/** Whether the row at `index` is the list's only author, which the editor does not offer to remove. */
export const isOnlyAuthor = (contributionTypes: readonly string[], index: number): boolean =>
  contributionTypes[index] === "author" && contributionTypes.filter((type) => type === "author").length === 1;

export function countPrimary(items: readonly { isPrimary: boolean }[]): number {
  return items.filter((item) => item.isPrimary).length;
}
