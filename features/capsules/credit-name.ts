import { shortAddress } from "@/lib/wallet/short-address";
import { roleDefinition } from "@/lib/roles/role-catalog";

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
 * How a reader page names a contributor that has no name anywhere: by what it was credited as at the outlet, "a journalist
 * at The Daily Record" (an unknown role: "a contributor at …"). Readers get words; the wallet stays on the contributor list.
 */
export function unnamedCreditWords(roleId: number, outletName: string): string {
  const role = roleDefinition(roleId)?.name.toLowerCase() ?? "contributor";
  return `${/^[aeiou]/.test(role) ? "an" : "a"} ${role} at ${outletName}`;
}

const MAX_HEADING_CREDITS = 2;

/**
 * How the author page names a wallet that gave itself no name: as its articles' bylines do, by what it was credited as
 * on the articles it submitted, newest first, each role and outlet once: "A journalist at The Daily Record", "A
 * journalist at The Daily Record and a reporter at The Harbour Post". Null without such a credit.
 */
export function unnamedAuthorWords(credits: ReadonlyArray<{ role: number; outletName: string }>): string | null {
  const words = [...new Set(credits.map((credit) => unnamedCreditWords(credit.role, credit.outletName)))];
  if (words.length === 0) return null;
  // a heading, not a list: the two newest credits, then how many more (the page lists every article below it)
  const shown = words.slice(0, MAX_HEADING_CREDITS);
  const more = words.length - shown.length;
  const joined =
    more > 0
      ? `${shown.join(", ")} and ${more} more ${more === 1 ? "role" : "roles"}`
      : shown.length === 1
        ? shown[0]!
        : `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]!}`;
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/**
 * A published article's contributors as reader pages name them: one credited without a name (a draft made without a
 * contributors list credits its submitter under its address) is "a journalist at <outlet>", never a name the wallet
 * used elsewhere (docs/DECISIONS.md, "A reader page names an unnamed author by role and outlet"). One list for the
 * byline, the contributor list, the head tags and the claim reviews.
 */
export function readerContributors<P extends Credited & { role: number }>(contributors: readonly P[], outletName: string): P[] {
  return contributors.map((person) => (givenName(person) === null ? { ...person, displayName: unnamedCreditWords(person.role, outletName) } : person));
}

/** A wallet as the desk names it: "Ada Reporter (0x1234…abcd)" when it has a name, else "wallet 0x1234…abcd". */
export function namedWallet(wallet: string, name: string | null | undefined): string {
  const given = name?.trim() ?? "";
  return given === "" || given.toLowerCase() === wallet.toLowerCase() ? walletWords(wallet) : `${given} (${shortAddress(wallet)})`;
}

/**
 * The name a capsule's submitter gave itself on this capsule (its own active credit), or null. Only this capsule's own
 * list counts: a name the submitter gave itself on another article, or as a voter at the outlet, is not put on a
 * capsule it did not name itself on.
 */
export function submitterGivenName(submitter: string, contributors: ReadonlyArray<Credited & { active?: boolean }>): string | null {
  const own = contributors.find((person) => person.active !== false && person.wallet.toLowerCase() === submitter.toLowerCase());
  return own ? givenName(own) : null;
}

/** How the desk names a capsule's submitter: its name on this capsule with its short address, else "wallet 0x1234…abcd". */
export function submitterCredit(submitter: string, contributors: ReadonlyArray<Credited & { active?: boolean }>): string {
  return namedWallet(submitter, submitterGivenName(submitter, contributors));
}

/**
 * A capsule page's votes with the submitter's own vote named as the page names the submitter (its name on this
 * capsule, or none), not by the name it last gave itself at the outlet: one wallet reads the same in the page's
 * "by", the timeline and the voter list. Other voters keep their name at the outlet (features/voting/vote-list.ts).
 */
export function votesNamedOnCapsule<V extends { voter: string; displayName: string | null }>(votes: readonly V[], submitter: string, submitterName: string | null): V[] {
  return votes.map((vote) => (vote.voter.toLowerCase() === submitter.toLowerCase() ? { ...vote, displayName: submitterName } : vote));
}
