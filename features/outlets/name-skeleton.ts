import unhomoglyph from "unhomoglyph";

// Whether two outlet names look alike (docs/DECISIONS.md, "An outlet's name may not look like another's"). The
// mapping of each character to the one it is confused with is Unicode's confusables.txt (UTS #39), bundled with
// the unhomoglyph package; around it, the skeleton of UTS #39 (NFD, map, NFD) and what a reader does not see:
// characters that render as nothing (zero-width spaces and joiners, soft hyphens: Default_Ignorable_Code_Point),
// how much space is between words, and letter case.

const invisible = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39's skeleton: NFD, each confusable mapped to its prototype, NFD again. Not for display. */
const skeleton = (text: string): string => unhomoglyph(text.normalize("NFD")).normalize("NFD");

/**
 * The forms a name is compared in. Case is folded once before the mapping and once after, because the mapping is
 * not case-blind: "I" maps to "l" (as in "DaiIy") but "i" to itself (as in "DAILY" read lower case), so either order
 * alone lets one of the two look-alikes through.
 */
export function nameSkeletons(name: string): string[] {
  const seen = name.normalize("NFKC").replace(invisible, "").replace(/\s+/gu, " ").trim();
  return [...new Set([skeleton(skeleton(seen).toLowerCase()), skeleton(seen.toLowerCase())])];
}

/** The first of `others` whose name looks like `name` (shares a skeleton with it), or undefined. */
export function lookalikeOf<T extends { name: string }>(name: string, others: readonly T[]): T | undefined {
  const mine = new Set(nameSkeletons(name));
  return others.find((other) => nameSkeletons(other.name).some((key) => mine.has(key)));
}
