// Dates on the script-free article page in the reader's own time zone: the server writes UTC (it
// cannot know the zone) in <time data-local-time datetime="…">; this rewrites each in the browser's
// zone, with the zone named, and keeps the UTC text as the tooltip. Plain DOM, no component.

export const LOCAL_TIME_ATTRIBUTE = "data-local-time";

// dateStyle/timeStyle cannot be combined with timeZoneName, so the parts are spelled out
const LOCAL_FORMAT: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" };

export function enhanceLocalTimes(doc: Document): void {
  for (const el of doc.querySelectorAll<HTMLTimeElement>(`time[${LOCAL_TIME_ATTRIBUTE}]`)) {
    const when = new Date(el.dateTime);
    if (Number.isNaN(when.getTime())) continue;
    el.title = el.textContent ?? "";
    // day first, as the server's UTC text and the desk pages write it: one date format on every page
    el.textContent = when.toLocaleString("en-GB", LOCAL_FORMAT);
  }
}
