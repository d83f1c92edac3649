import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";

// The one "a chain call failed → 503 CHAIN_UNAVAILABLE" rule: the failure is logged under the caller's
// scope and answered without detail, and an AppError the call raised itself (a decoded revert, a
// missing deployment) passes through unchanged.

export function chainUnavailable(scope: string, what: string, error: unknown): AppError {
  logError(scope, error, { what });
  return new AppError("CHAIN_UNAVAILABLE", `The chain could not be reached or refused the call (${what}); nothing was changed`);
}

export async function chainCall<T>(scope: string, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw chainUnavailable(scope, what, error);
  }
}
