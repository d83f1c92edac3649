import type { z } from "zod";
import { ApiError } from "@/lib/api/api-client";

export type FieldErrors = Record<string, string>;

/** A wallet address field's error, wherever a form asks for one. */
export const WALLET_ADDRESS_SENTENCE = "Enter a wallet address: 0x followed by 40 hexadecimal characters.";

/** The outlet forms' sentences (register, grant a role). */
export const OUTLET_FIELD_WORDS = {
  slug: "Slug: use 3 to 64 lowercase letters, digits or hyphens, not starting or ending with a hyphen (it becomes the outlet's address, like /outlets/city-ledger).",
  name: "Write the outlet's name on one line, up to 120 characters.",
  wallet: WALLET_ADDRESS_SENTENCE,
} as const;

/**
 * A form's own sentence per field, shown instead of the schema's wording (which is written for API callers:
 * "a 0x-prefixed 20-byte address"). The same words serve the browser's check and the bridge's 400 answer.
 */
export type FieldWords = Readonly<Record<string, string>>;

/**
 * First message per top-level field of a zod error (the same schema the route parses with). `values`: what the
 * form holds; a field left empty (or blank) is "This field is required." whatever rule its schema broke first (a
 * pattern, a domain check), so an empty form says one thing under each field instead of three kinds of rule.
 */
export function zodFieldErrors(error: z.ZodError, words: FieldWords = {}, values: Readonly<Record<string, string>> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    const text = values[field]?.trim() === "" ? REQUIRED : readable(issue);
    errors[field] ??= text === REQUIRED ? text : (words[field] ?? text);
  }
  return errors;
}

// zod's built-in wording for an empty or missing field reads like a type error; say it plainly.
const REQUIRED = "This field is required.";

function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_small" && Number(issue.minimum) === 1) return REQUIRED;
  if (issue.code === "invalid_type" && issue.input === undefined) return REQUIRED;
  if (issue.code === "too_big") return `At most ${String(issue.maximum)} characters.`;
  return issue.message;
}

/** A bridge VALIDATION_ERROR's issues by field; other errors go under "form". */
export function apiFieldErrors(error: unknown, fields: string[], words: FieldWords = {}): FieldErrors {
  const errors: FieldErrors = {};
  if (error instanceof ApiError && error.issues.length > 0) {
    for (const issue of error.issues) {
      const field = issue.path.split(".")[0] ?? "";
      if (fields.includes(field)) errors[field] ??= words[field] ?? issue.message;
      else errors.form ??= issue.message;
    }
    return errors;
  }
  errors.form = error instanceof Error ? error.message : "Something went wrong. Try again.";
  return errors;
}
