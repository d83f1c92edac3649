import { LOCAL_TIME_ATTRIBUTE } from "@/components/reader/islands/local-times";
import { formatUtc, isoDate } from "./reader-dates";

// A date on the script-free article page: UTC in the HTML, rewritten in the reader's zone by the
// islands' script (components/reader/islands/local-times.ts).
export function UtcTime({ unixSeconds, testId }: { unixSeconds: string | number | null | undefined; testId?: string }) {
  return (
    <time dateTime={isoDate(unixSeconds)} {...{ [LOCAL_TIME_ATTRIBUTE]: "" }} data-testid={testId}>
      {formatUtc(unixSeconds)}
    </time>
  );
}
