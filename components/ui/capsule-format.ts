import { formatUnits } from "viem";

// Small display helpers shared by the capsule pages.

export const capsuleStatusStyle: Record<string, { label: string; className: string }> = {
  draft: { label: "Draft", className: "bg-stone-100 text-stone-800 ring-1 ring-stone-300" },
  pending: { label: "Voting", className: "bg-blue-50 text-blue-900 ring-1 ring-blue-300" },
  accepted: { label: "Accepted", className: "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-300" },
  rejected: { label: "Rejected", className: "bg-red-50 text-red-900 ring-1 ring-red-300" },
  finalized: { label: "Finalized", className: "bg-emerald-100 text-emerald-950 ring-1 ring-emerald-400" },
  superseded: { label: "Superseded", className: "bg-amber-50 text-amber-900 ring-1 ring-amber-300" },
};

export const capsuleTypeLabel: Record<string, string> = {
  original: "Original",
  correction: "Correction",
  retraction: "Retraction",
  supporting: "Supporting",
};

/** Wei as CAP with thousands grouped ("50,000,000 CAP", "10.5 CAP"). */
export function formatCap(wei: bigint | string): string {
  const [whole = "0", fraction] = formatUnits(typeof wei === "string" ? BigInt(wei) : wei, 18).split(".");
  return `${BigInt(whole).toLocaleString("en-US")}${fraction ? `.${fraction}` : ""} CAP`;
}

/** A whole number with thousands grouped like formatCap's ("1,234,567"): gas used, counts. */
export function formatCount(value: bigint | number | string): string {
  return BigInt(value).toLocaleString("en-US");
}

/** A Unix-seconds string as a local date and time with the zone named ("28 Nov 2026, 14:05 CET"); "—" for 0/empty. */
export function formatTime(unixSeconds: string | number | null | undefined): string {
  return formatTimeWithZone(unixSeconds);
}

/**
 * A Unix-seconds value in the reader's own time zone, with the zone named ("28 Nov 2026, 05:12:09 CET");
 * "—" for 0/empty. Day first (en-GB) unless a `locale` is given, like every other date on the desk pages.
 */
export function formatLocalTime(unixSeconds: string | number | null | undefined, options: { seconds?: boolean; locale?: string } = {}): string {
  const n = Number(unixSeconds ?? 0);
  if (!Number.isFinite(n) || n <= 0) return "—";
  const { seconds = true, locale = "en-GB" } = options;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}), timeZoneName: "short" }).format(new Date(n * 1000));
}

/** Deadlines and case times: "28 Nov 2026, 14:05 CET" (day first, minutes, the zone named). */
export const formatTimeWithZone = (unixSeconds: string | number | null | undefined): string => formatLocalTime(unixSeconds, { seconds: false, locale: "en-GB" });

export const shortHex = (value: string, head = 6, tail = 4) => (value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value);

/** The bridge's two-decimal percentage strings as numbers clamped to 0..100. */
export const percent = (value: string | number) => Math.min(100, Math.max(0, Number(value) || 0));

/**
 * A moment of today on the desk, in the browser's own zone: "00:05:41 CET". Hours always take two digits: en-GB's
 * default with a zone name writes "0:05:41" just after midnight.
 */
export const formatClockTime = (at: Date): string => at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZoneName: "short" });

/**
 * A moment as HH:MM UTC: a deadline the same on every device the journalist has open, and on the bridge's clock.
 * Another UTC day than `now`'s is named too (a chain whose clock runs ahead gives deadlines days away). `seconds`:
 * HH:MM:SS, where two moments a few seconds apart must not read the same.
 */
export const formatUtcClock = (at: Date, now: Date = new Date(), { seconds = false }: { seconds?: boolean } = {}): string => {
  const clock = `${at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}), timeZone: "UTC" })} UTC`;
  if (at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)) return clock;
  return `${at.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}, ${clock}`;
};

/** A moment in words on the UTC clock, the weekday named: "Tuesday 15 December 2026, 23:59:59 UTC"; "—" for 0/empty. */
export function formatUtcMoment(unixSeconds: string | number | null | undefined): string {
  const n = Number(unixSeconds ?? 0);
  if (!Number.isFinite(n) || n <= 0) return "—";
  const at = new Date(n * 1000);
  const day = at.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).replace(",", "");
  return `${day}, ${at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "UTC" })} UTC`;
}
