// A stored language code is echoed into pages (`lang`) only when it is a well-formed BCP 47 tag: codes written
// before the capsule schema checked them, or indexed from elsewhere, are never put in an attribute as they are.

const MAX_TAG_CHARS = 35;
// a two- or three-letter language first, as the capsule schema asks (`en`, `pt-BR`, `zh-Hant-TW`); Intl checks the rest
const SHAPE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

/** The canonical form of a BCP 47 language tag (`pt-br` → `pt-BR`), or undefined when `value` is not one. */
export function languageTag(value: string | null | undefined): string | undefined {
  if (!value || value.length > MAX_TAG_CHARS || !SHAPE.test(value)) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical;
  } catch {
    return undefined;
  }
}
