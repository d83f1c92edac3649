import { ZodError } from "zod";
import { AppError, type ValidationIssue } from "./app-error";
import { isUniqueViolation } from "@/lib/errors/unique-violation";

export type ErrorBody = {
  ok: false;
  error: string;
  message: string;
  statusCode: number;
  issues?: ValidationIssue[];
} & Record<string, unknown>;

export function zodIssues(error: ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)",
    message: issue.message,
  }));
}

/** Turns any thrown value into an AppError; unknown errors become a generic 500. */
export function toAppError(error: unknown): { appError: AppError; unexpected: boolean } {
  if (error instanceof AppError) return { appError: error, unexpected: false };
  if (error instanceof ZodError) {
    const issues = zodIssues(error);
    return {
      appError: new AppError("VALIDATION_ERROR", `Invalid input: ${issues.map((i) => i.path).join(", ")}`, { issues }),
      unexpected: false,
    };
  }
  if (isUniqueViolation(error)) {
    return { appError: new AppError("CONFLICT", "A record with the same identifier already exists"), unexpected: false };
  }
  return { appError: new AppError("INTERNAL_ERROR", "The server could not complete the request"), unexpected: true };
}

export function errorBody(error: AppError): ErrorBody {
  return {
    ok: false,
    error: error.code,
    message: error.message,
    statusCode: error.statusCode,
    ...(error.issues ? { issues: error.issues } : {}),
    ...(error.details ?? {}),
  };
}
