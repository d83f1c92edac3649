import { shortAddress } from "@/lib/wallet/short-address";

// How a credited contributor is named on pages, feeds and metadata. A draft made without a contributors
// list credits its submitter with the wallet address as "display name" (defaultContributors); an
// address is not a name, so it is shown as a wallet: "wallet 0x1234…abcd", never as if someone were
// called 0x1234…abcd. One rule for the byline, the contributor list, the author page and the head tags.

type Credited = { wallet: string; displayName: string | null | undefined };

/** The name the contributor was given, or null when none was (empty, or the address itself). */
export function givenName(person: Credited): string | null {
  const name = person.displayName?.trim() ?? "";
  if (name === "" || name.toLowerCase() === person.wallet.toLowerCase()) return null;
  return name;
}

/** "wallet 0x1234…abcd": a wallet named as a wallet. */
export const walletWords = (wallet: string): string => `wallet ${shortAddress(wallet)}`;

/** The contributor's name, else "wallet 0x1234…abcd". */
export const creditName = (person: Credited): string => givenName(person) ?? walletWords(person.wallet);

/**
 * How the desk names a capsule's submitter: its credit on this capsule (creditName), "wallet 0x1234…abcd" when it
 * is not credited here or credited without a name. Only this capsule's own list counts: a name the submitter gave
 * itself on another article, or as a voter at the outlet, is not put on a capsule it did not name itself on.
 */
export function submitterCredit(submitter: string, contributors: ReadonlyArray<Credited & { active?: boolean }>): string {
  const own = contributors.find((person) => person.active !== false && person.wallet.toLowerCase() === submitter.toLowerCase());
  return own ? creditName(own) : walletWords(submitter);
}
