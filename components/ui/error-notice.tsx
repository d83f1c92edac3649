import { ApiError, apiErrorInWords } from "@/lib/api/api-client";
import { isRetryable } from "./retryable";

// "Try again" only where asking again may give another answer (isRetryable).
export function ErrorNotice({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const message = error instanceof ApiError ? apiErrorInWords(error) : error instanceof Error ? error.message : "Something went wrong.";
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{message}</p>
      {onRetry && isRetryable(error) ? (
        <button type="button" onClick={onRetry} className="mt-2 rounded border border-red-300 bg-white px-3 py-1 text-red-900 hover:bg-red-100">
          Try again
        </button>
      ) : null}
    </div>
  );
}
