import { parseCapAmount } from "@/components/ui/cap-amount";
import { ZCreateListingBody, type licenceTypes } from "@/features/rights/rights.schema";
import { WALLET_ADDRESS_SENTENCE, zodFieldErrors, type FieldErrors, type FieldWords } from "@/components/outlets/field-errors";
import type { CreateListingInput } from "./use-rights";

// The rights listing form's values → the body of POST /api/rights/create, with each field's error as a
// sentence a journalist understands (the same words for the bridge's 400 answer).

export const LISTING_FIELDS = ["capsuleId", "licenceType", "territory", "price", "terms", "expiresAt", "payee"];

export const LISTING_FIELD_WORDS: FieldWords = {
  capsuleId: "Enter the number of a finalized capsule, like 12.",
  licenceType: "Choose one of the licence types in the list.",
  territory: "Territory: use a two-letter country code such as DE, or worldwide.",
  price: "Enter a price in CAP, like 12 or 0.5 (a decimal comma works too; up to 18 decimals); 0 makes the licence free.",
  terms: "Write the terms in 10 to 5,000 characters.",
  expiresAt: "Choose a date in the future, or leave the field empty for an open-ended offer.",
  payee: `${WALLET_ADDRESS_SENTENCE.slice(0, -1)} (not the zero address), or leave the field empty to be paid yourself.`,
};

export type ListingValues = {
  capsuleId: string;
  licenceType: (typeof licenceTypes)[number];
  territory: string;
  price: string;
  terms: string;
  /** yyyy-mm-dd from the date field, or "" */
  expires: string;
  payee: string;
};

/** The body the listing form sends: the create hook's own input. */
export type ListingBody = CreateListingInput;

/**
 * The offer's end for a yyyy-mm-dd day: the last second of that day on the UTC clock, the same whatever zone the
 * browser is in (the field shows the browser's own date format; the form says the zone and the day in words).
 */
export function expiryFromDate(date: string): string | undefined {
  if (!date) return undefined;
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!parts) return "invalid";
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const ms = Date.UTC(year, month - 1, day, 23, 59, 59);
  // a day the calendar has not (31 February) is refused rather than rolled over into the next month
  return new Date(ms).getUTCDate() === day ? String(Math.floor(ms / 1000)) : "invalid";
}

/** The request body and, when something is wrong, one sentence per field. */
export function checkListing(values: ListingValues): { body: ListingBody; errors: FieldErrors } {
  const amount = values.price.trim();
  // a decimal comma counts as a point; a thousands separator is refused in its own words (cap-amount.ts)
  const price = parseCapAmount(amount, { allowZero: true });
  const priceError = amount === "" ? "Enter a price in CAP (0 makes the licence free)." : price.problem === "digits" ? LISTING_FIELD_WORDS.price : price.error;
  const body: ListingBody = {
    capsuleId: values.capsuleId.trim(),
    licenceType: values.licenceType,
    territory: values.territory,
    price: priceError || price.wei === undefined ? "0" : price.wei.toString(),
    currency: "CAP",
    terms: values.terms,
    ...(values.expires ? { expiresAt: expiryFromDate(values.expires) } : {}),
    ...(values.payee.trim() ? { payee: values.payee.trim() } : {}),
  };
  const parsed = ZCreateListingBody.safeParse(body);
  const errors: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error, LISTING_FIELD_WORDS);
  if (priceError) errors.price = priceError;
  const terms = values.terms.trim().length;
  if (errors.terms && terms < 10) errors.terms = `Write at least 10 characters of terms (now ${terms}).`;
  return { body, errors };
}
