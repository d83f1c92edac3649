import type { z } from "zod";
import { ApiError } from "@/lib/api/api-client";

export type FieldErrors = Record<string, string>;

/** First message per top-level field of a zod error (the same schema the route parses with). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= readable(issue);
  }
  return errors;
}

// zod's built-in wording for an empty or missing field reads like a type error; say it plainly.
function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_small" && Number(issue.minimum) === 1) return "This field is required.";
  if (issue.code === "invalid_type" && issue.input === undefined) return "This field is required.";
  if (issue.code === "too_big") return `At most ${String(issue.maximum)} characters.`;
  return issue.message;
}

/** A bridge VALIDATION_ERROR's issues by field; other errors go under "form". */
export function apiFieldErrors(error: unknown, fields: string[]): FieldErrors {
  const errors: FieldErrors = {};
  if (error instanceof ApiError && error.issues.length > 0) {
    for (const issue of error.issues) {
      const field = issue.path.split(".")[0] ?? "";
      if (fields.includes(field)) errors[field] ??= issue.message;
      else errors.form ??= issue.message;
    }
    return errors;
  }
  errors.form = error instanceof Error ? error.message : "Something went wrong. Try again.";
  return errors;
}
