import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { zodIssues } from "@/lib/errors/error-body";

/** Where a value came from, as the 400 message names it ("Invalid input: id" for path parameters). */
export type InputPart = "input" | "query" | "body";

export function parseInput<T extends z.ZodType>(schema: T, value: unknown, part: InputPart): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = zodIssues(result.error).map((issue) => ({ ...issue, path: issue.path === "(root)" ? `(${part})` : issue.path }));
  throw new AppError("VALIDATION_ERROR", `Invalid ${part}: ${issues.map((i) => i.path).join(", ")}`, { issues });
}

/** Query parameters as an object; a repeated parameter counts with its first value (as URLSearchParams.get). */
export function queryObject(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of search) if (!(key in out)) out[key] = value;
  return out;
}

/** Next.js hands path parameters decoded once already; they are never decoded again here. */
export function pathParams(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === "string") out[key] = value;
    else if (Array.isArray(value)) out[key] = value.join("/");
  }
  return out;
}
