import { z } from "zod";

// What people type into titles and text fields. Control characters have no place in an article's text:
// they are invisible on a page, and most of them are not allowed in XML at all, so one of them in a title
// made every Atom feed that carried it unreadable. Bidirectional override and isolate characters in a
// one-line field reorder what a reader sees (a title that reads differently than it is stored).
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
// whitespace and invisible format characters (zero-width space and joiners, marks, the byte-order mark)
const INVISIBLE = /[\s\p{Cf}]/gu;

const noControls = (value: string) => !CONTROL.test(value);
const visible = (value: string) => value.replace(INVISIBLE, "").length > 0;

/** Multi-line text (an article's body, a summary): tabs and line breaks, no other control character; trimmed when asked. */
export const zMultiLine = (min: number, max: number, options: { trim?: boolean; maxMessage?: string } = {}) =>
  (options.trim ? z.string().trim() : z.string()).min(min).max(max, options.maxMessage).refine(noControls, "must not contain control characters");

/** A title's rules on any string schema (one that counts its length its own way): no control character, line break or bidirectional override, and something visible unless empty. */
export const withOneLineRules = (schema: z.ZodString) =>
  schema
    .refine((value) => noControls(value) && !LINE_BREAK_OR_TAB.test(value), "must be one line without control characters")
    .refine((value) => !BIDI_CONTROL.test(value), "must not contain bidirectional override characters (U+202A–U+202E, U+2066–U+2069)")
    .refine((value) => value.length === 0 || visible(value), "must contain a visible character");

const NOT_IN_FILE_NAME = /[\\/"\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A file name the vault takes (`filename`: one line, no slash or quote), made from one it was given; `fallback` when nothing visible is left. */
export function plainFileName(name: string, fallback: string): string {
  const plain = [...name.replace(NOT_IN_FILE_NAME, "_").trim()].slice(0, 200).join("");
  return visible(plain) ? plain : fallback;
}

/** One line of text people read (a title): no control character, line break or bidirectional override, and something visible. */
export const zOneLine = (min: number, max: number) => withOneLineRules(z.string().trim().min(min).max(max));

/** Characters XML 1.0 does not allow (C0 controls but tab, line feed and carriage return; lone surrogates; U+FFFE, U+FFFF). */
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters an XML document may not hold (text stored before they were refused). */
export const xmlSafe = (text: string) => text.replace(NOT_IN_XML, "");
