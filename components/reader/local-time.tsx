"use client";

import { useEffect, useState } from "react";
import { formatUtc, isoDate } from "./reader-dates";

const localFormat = (unixSeconds: number) =>
  // dateStyle/timeStyle cannot be combined with timeZoneName, so the parts are spelled out
  new Date(unixSeconds * 1000).toLocaleString("en-GB", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" });

// A date in the reader's own time zone, with the zone named. The server's HTML says UTC (it cannot
// know the reader's zone); the browser rewrites it once mounted.
export function LocalTime({ unixSeconds }: { unixSeconds: string | number }) {
  const n = Number(unixSeconds);
  const [local, setLocal] = useState<string>();
  useEffect(() => {
    if (Number.isFinite(n) && n > 0) setLocal(localFormat(n));
  }, [n]);
  return (
    <time dateTime={isoDate(n)} title={formatUtc(n)} data-testid="local-time">
      {local ?? formatUtc(n)}
    </time>
  );
}
