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
