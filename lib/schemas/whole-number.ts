import { z } from "zod";

// Whole numbers at the HTTP edge: record ids (capsules, court cases, evidence, claims, listings, webhooks,
// role offers, inbox entries) and paging numbers. Handlers hold them as JS numbers, exact only up to 2^53 − 1:
// Number("9007199254740993") is 9007199254740992, so an unbounded id would make a request act on a
// neighbouring record. Ids are further bounded by what the databases hold (MAX_ID). As text (paths, queries, bodies) a whole number is plain decimal digits: no sign,
// leading zero, exponent, hex, fraction or space ("+5", "05", "1e3", "0x10", "5.0", " 5" are refused).
// What fails is one VALIDATION_ERROR issue on the field, in one sentence (docs/API.md, "Conventions").

/** The largest whole number the bridge reads: Number.MAX_SAFE_INTEGER, 2^53 − 1 = 9007199254740991. */
export const MAX_WHOLE = Number.MAX_SAFE_INTEGER;

/**
 * The largest record id: 2^31 − 1, what the id columns hold (`integer` on PostgreSQL; SQLite counts from 1
 * and gets nowhere near). A larger id names no record on either database; unchecked, PostgreSQL refused
 * it with an error (a 500) where SQLite answered 404.
 */
export const MAX_ID = 2_147_483_647;

const DIGITS = /^(?:0|[1-9][0-9]{0,15})$/;

/**
 * The number `text` spells in plain decimal digits, when it lies in min..max (safe integers); else undefined.
 * Number(text) may round above 2^53 − 1, but only to 2^53 or more, which the max refuses.
 */
export function decimalWhole(text: string, min: number, max: number): number | undefined {
  if (!DIGITS.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** Whether `text` is a record id: 1..MAX_ID in plain decimal digits. */
export const isDecimalId = (text: string): boolean => decimalWhole(text, 1, MAX_ID) !== undefined;

/**
 * Decimal text → its number, min..max (at most MAX_WHOLE), else `words`. The pattern (digits, no leading
 * zero, at most as many as max has) is what the OpenAPI document shows; the range check runs only on text
 * that has it, so a bad value is one issue.
 */
export function zDecimalWhole(options: { min: number; max: number; words: string }) {
  const { min, max, words } = options;
  const more = `[0-9]{0,${String(max).length - 1}}`;
  const pattern = new RegExp(min >= 1 ? `^[1-9]${more}$` : `^(?:0|[1-9]${more})$`);
  return z
    .string({ error: words })
    .regex(pattern, words)
    .refine((text) => !pattern.test(text) || decimalWhole(text, min, max) !== undefined, words)
    .transform(Number);
}

const idWords = (what: string) => `a positive decimal ${what}, at most ${MAX_ID}`;

/** A record id given as decimal text (a path or query parameter, a body field) → its number; `what` names it ("capsule id"). */
export const zDecimalId = (what: string) => zDecimalWhole({ min: 1, max: MAX_ID, words: idWords(what) });

/**
 * A body id that may also be a JSON number (lists of related capsules, claims, evidence): decimal text as
 * zDecimalId, or a whole JSON number in 1..MAX_ID. JSON.parse may have rounded a long number (…993 arrives
 * as …992), but only to another number above the range, so it is refused as well.
 */
export const zIdInput = (what: string) => {
  const words = idWords(what);
  return z.union([zDecimalId(what), z.number({ error: words }).int({ error: words, abort: true }).min(1, { error: words }).max(MAX_ID, { error: words })], { error: words });
};
