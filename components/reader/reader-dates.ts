// Server-rendered dates are fixed to UTC so the HTML does not depend on the server's time zone.
export function formatUtc(unixSeconds: string | number | null | undefined): string {
  const n = Number(unixSeconds ?? 0);
  if (!Number.isFinite(n) || n <= 0) return "—";
  return `${new Date(n * 1000).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
}

export const isoDate = (unixSeconds: string | number | null | undefined): string | undefined => {
  const n = Number(unixSeconds ?? 0);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : undefined;
};
