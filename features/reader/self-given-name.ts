// The name a wallet gave itself (docs/DECISIONS.md, "Display names"): the display name of its newest
// credit on a published version it submitted itself. Never a name another submitter wrote, nor the
// wallet's own address typed as a name. One rule for the author page and the reader's vote list.

export type OwnCredit = { wallet: string; submitter: string; displayName: string; creditedAt: number | string; creditId: number };

const newer = (a: OwnCredit, b: OwnCredit) => Number(a.creditedAt) > Number(b.creditedAt) || (Number(a.creditedAt) === Number(b.creditedAt) && a.creditId > b.creditId);

/** The wallet's self-given name among these credits, or null. */
export function selfGivenName(credits: readonly OwnCredit[], wallet: string): string | null {
  const lower = wallet.toLowerCase();
  let chosen: OwnCredit | undefined;
  for (const credit of credits) {
    if (credit.wallet.toLowerCase() !== lower || credit.submitter.toLowerCase() !== lower) continue;
    const name = credit.displayName.trim();
    if (!name || name.toLowerCase() === lower) continue;
    if (!chosen || newer(credit, chosen)) chosen = credit;
  }
  return chosen ? chosen.displayName.trim() : null;
}
