import { formatLocalTime } from "./capsule-format";
import { isRetryable } from "./retryable";

/** What a page needs of a react-query read to decide between its content, its error and a notice. */
export type ReadState = { isError: boolean; data: unknown; error: unknown; dataUpdatedAt: number; refetch: () => unknown };

/**
 * Whether the read failed with nothing read before to show: only then does its error take the place of
 * the content. A failed refresh (a poll, a push, a reconnect) keeps the content on the page, with what
 * the visitor was doing in it (a text being written, a transaction being followed).
 */
export function failedWithNothing(read: Pick<ReadState, "isError" | "data">): boolean {
  return read.isError && read.data === undefined;
}

/**
 * Above content that is still shown after its refresh failed: what is shown is from when (or `keeps`:
 * what stays as it is), and why it is not newer.
 */
export function RefreshFailed({ what, read, keeps, className = "" }: { what: string; read: ReadState; keeps?: string; className?: string }) {
  if (!read.isError || read.data === undefined) return null;
  const message = read.error instanceof Error ? read.error.message : "Something went wrong.";
  const at = read.dataUpdatedAt > 0 ? formatLocalTime(Math.floor(read.dataUpdatedAt / 1000)) : undefined;
  return (
    <div role="status" data-testid="refresh-failed" className={`rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 ${className}`}>
      <p>
        <span className="font-semibold">{what} could not be refreshed</span>
        {keeps ? `. ${keeps}` : at ? `; this shows what was read at ${at}.` : "; this shows what was read before."} {message}
      </p>
      {isRetryable(read.error) ? (
        <button type="button" onClick={() => void read.refetch()} className="mt-2 min-h-11 rounded border border-amber-400 bg-white px-3 py-1 text-amber-950 hover:bg-amber-100 sm:min-h-0">
          Try again
        </button>
      ) : null}
    </div>
  );
}
