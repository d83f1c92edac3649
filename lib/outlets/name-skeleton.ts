import unhomoglyph from "unhomoglyph";

// The forms two outlet names are compared in (docs/DECISIONS.md, "An outlet's name may not look like another's"). The
// mapping of each character to the one it is confused with is Unicode's confusables.txt (UTS #39), bundled with
// the unhomoglyph package; around it, the skeleton of UTS #39 (NFD, map, NFD) and what a reader does not see:
// characters that render as nothing (zero-width spaces and joiners, soft hyphens: Default_Ignorable_Code_Point),
// how much space is between words, and letter case. Two names look alike when they share a form; every outlet's
// forms are stored in outlet_name_skeletons, whose unique key refuses a second outlet with one (docs/DECISIONS.md,
// "Outlet names' look-alike forms are stored with a unique index"). A change to these rules needs a migration that
// computes the stored forms again.

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
