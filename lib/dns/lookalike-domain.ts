import { decodePunycode } from "./punycode";

// What an outlet's domain really is when it holds `xn--` labels (IDNA): the letters a browser shows for it, and
// whether one of its labels mixes writing systems — `xn--pple-43d.com` shows as "аpple.com" with a Cyrillic "а",
// a lookalike of apple.com. Pure, shared by the bridge (refused at registration) and the pages (shown beside the
// xn-- form). A whole label in one script ("пример.рф") is a real name and stays allowed.

const SCRIPTS = [
  "Latin", "Cyrillic", "Greek", "Armenian", "Georgian", "Hebrew", "Arabic", "Syriac", "Thaana", "Devanagari", "Bengali",
  "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Thai", "Lao", "Tibetan",
  "Myanmar", "Khmer", "Ethiopic", "Cherokee", "Mongolian", "Han", "Hiragana", "Katakana", "Bopomofo", "Hangul",
] as const;
const scriptPatterns = SCRIPTS.map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, "u")] as const);
const letter = /^\p{L}$/u;

// Unicode TS #39 "highly restrictive": Latin may mix only with the scripts written together with Han.
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(["Latin", "Han", "Hiragana", "Katakana"]),
  new Set(["Latin", "Han", "Bopomofo"]),
  new Set(["Latin", "Han", "Hangul"]),
];

function scriptOf(char: string): string {
  return scriptPatterns.find(([, pattern]) => pattern.test(char))?.[0] ?? "another script";
}

/** The scripts of a label's letters, in order of first use (digits, hyphens and marks belong to none). */
export function scriptsOf(label: string): string[] {
  const scripts = new Set<string>();
  for (const char of label) if (letter.test(char)) scripts.add(scriptOf(char));
  return [...scripts];
}

/** The Unicode form of an ASCII domain whose labels include `xn--` ones; undefined when it has none or one does not decode. */
export function unicodeDomain(domain: string): string | undefined {
  const labels = domain.split(".");
  if (!labels.some((label) => label.startsWith("xn--"))) return undefined;
  const decoded = labels.map((label) => (label.startsWith("xn--") ? decodePunycode(label.slice(4)) : label));
  return decoded.every((label) => label !== undefined) ? decoded.join(".") : undefined;
}

export type LookalikeProblem = { label: string; reason: string };

/** Why a normalised ASCII domain cannot be registered as a lookalike: an xn-- label that does not decode, or one that mixes scripts. */
export function lookalikeProblem(domain: string): LookalikeProblem | undefined {
  for (const label of domain.split(".")) {
    if (!label.startsWith("xn--")) continue;
    const unicode = decodePunycode(label.slice(4));
    if (unicode === undefined || unicode === "" || /^[\x00-\x7f]*$/.test(unicode)) {
      return { label, reason: `"${label}" is not a valid internationalised label (its xn-- part does not decode to non-ASCII letters)` };
    }
    const scripts = scriptsOf(unicode);
    if (scripts.length > 1 && !ALLOWED_MIXES.some((allowed) => scripts.every((script) => allowed.has(script)))) {
      return {
        label,
        reason: `"${label}" shows as "${unicode}", which mixes ${scripts.join(" and ")} letters: a lookalike of another name. Register a domain whose every label is written in one script`,
      };
    }
  }
  return undefined;
}
