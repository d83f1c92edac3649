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

// Free text (a reason, a statement, an article's body) may mix right-to-left and left-to-right scripts, and an
// embedding or isolate closed again is how such text keeps a phone number or a Latin name the right way round.
// An override (LRO, RLO) shows letters in an order other than the stored one, and an opener left open reorders
// everything after it up to the end of the paragraph, text of the page around it included ("Trojan source").
// So: no override; every embedding closed by PDF and every isolate by PDI on the line that opens it, nested
// properly, and no closer without its opener. Marks (LRM, RLM, ALM) change no order beyond a character and stay.
// A line ends where the bidirectional algorithm ends a paragraph (line feed, carriage return, U+2029), not at
// U+2028, which does not close anything.
const BIDI_OVERRIDE = /[\u202D\u202E]/;
const BIDI_FORMAT = /[\u202A-\u202C\u2066-\u2069]/;
const CLOSER: Record<string, string> = { "\u202A": "\u202C", "\u202B": "\u202C", "\u2066": "\u2069", "\u2067": "\u2069", "\u2068": "\u2069" };

/** Why free text's bidirectional controls are refused (the first line at fault, 1-based), or undefined when they are not. */
export function bidiControlProblem(text: string): string | undefined {
  if (BIDI_OVERRIDE.test(text)) return "must not contain bidirectional override characters (U+202D, U+202E)";
  if (!BIDI_FORMAT.test(text)) return undefined;
  const lines = text.split(/\r\n?|[\n\u2029]/);
  for (const [index, line] of lines.entries()) {
    const open: string[] = [];
    for (const char of line) {
      const closer = CLOSER[char];
      if (closer !== undefined) open.push(closer);
      else if (char === "\u202C" || char === "\u2069") {
        if (open.pop() !== char) return `line ${index + 1} closes a bidirectional embedding or isolate (U+202C, U+2069) it did not open`;
      }
    }
    if (open.length > 0) return `line ${index + 1} opens a bidirectional embedding or isolate (U+202A, U+202B, U+2066–U+2068) without closing it on that line`;
  }
  return undefined;
}

/**
 * Free text as it may be shown whatever rule it was stored under (text stored before bidiControlProblem existed):
 * overrides dropped (with the PDF that closes one), a closer without its opener dropped, and on each line every
 * embedding and isolate left open closed at the line's end. A PDI also closes the embeddings opened inside its
 * isolate, as the bidirectional algorithm does. Text bidiControlProblem accepts comes back unchanged.
 */
export function bidiNeutralized(text: string): string {
  if (!BIDI_OVERRIDE.test(text) && !BIDI_FORMAT.test(text)) return text;
  return text
    .split(/(\r\n?|[\n\u2029])/)
    .map((part, index) => (index % 2 === 1 ? part : balancedBidiLine(part)))
    .join("");
}

function balancedBidiLine(line: string): string {
  // the closers still owed, innermost last; "" stands for the PDF of an override that was dropped
  const open: string[] = [];
  let out = "";
  for (const char of line) {
    if (BIDI_OVERRIDE.test(char)) {
      open.push("");
      continue;
    }
    const closer = CLOSER[char];
    if (closer !== undefined) {
      open.push(closer);
      out += char;
    } else if (char === "\u202C") {
      // a PDF closes the innermost embedding (or dropped override) unless an isolate opened after it
      const top = open.at(-1);
      if (top === "\u202C" || top === "") {
        open.pop();
        out += top;
      }
    } else if (char === "\u2069") {
      const at = open.lastIndexOf("\u2069");
      if (at >= 0) out += open.splice(at).reverse().join("");
    } else out += char;
  }
  return out + open.reverse().join("");
}

/** The free-text rule on bidirectional controls (bidiControlProblem) as a zod check, for schemas not built by zMultiLine. */
export const checkBidiControls = (text: string, ctx: z.RefinementCtx) => {
  const problem = bidiControlProblem(text);
  if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
};

/**
 * Multi-line text (an article's body, a summary, a reason): tabs and line breaks, no other control character,
 * and bidirectional controls only closed on their line (bidiControlProblem); trimmed when asked.
 */
export const zMultiLine = (min: number, max: number, options: { trim?: boolean; maxMessage?: string } = {}) =>
  (options.trim ? z.string().trim() : z.string())
    .min(min)
    .max(max, options.maxMessage)
    .refine(noControls, "must not contain control characters")
    .superRefine(checkBidiControls);

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
