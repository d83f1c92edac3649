import { z } from "zod";
import { TOTAL_SHARE_BPS } from "@/features/capsules/contributors";

// The editor asks for contributor shares in percent (25, 12.5, 33.33); the API and the chain keep them
// in basis points (1 % = 100). The conversion happens here, at the form's edge, with the text checked
// by zod: at most two decimals (a basis point is 0.01 %), from 0 to 100.

const BPS_PER_PERCENT = TOTAL_SHARE_BPS / 100;

export const ZSharePercent = z
  .string()
  .trim()
  .min(1, "Enter the share in percent, from 0 to 100.")
  .transform((text) => text.replace(",", "."))
  .pipe(z.string().regex(/^\d{1,3}(\.\d{0,2})?$/, "A share is a number from 0 to 100 with at most two decimals, such as 25 or 12.5."))
  .transform((text) => Math.round(Number(text) * BPS_PER_PERCENT))
  .pipe(z.number().int().min(0).max(TOTAL_SHARE_BPS, "A share is at most 100 percent."));

/** The typed percent as basis points, or the reason it is not one. */
export function percentToBps(text: string): { ok: true; bps: number } | { ok: false; message: string } {
  const parsed = ZSharePercent.safeParse(text);
  return parsed.success ? { ok: true, bps: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? "Enter the share in percent." };
}

/** Basis points as the percent the field shows: 7000 → "70", 3333 → "33.33", 50 → "0.5"; "" for no number. */
export function bpsToPercentText(bps: number): string {
  if (!Number.isFinite(bps)) return "";
  return String(Number((bps / BPS_PER_PERCENT).toFixed(2)));
}

/** "70 %", "33.33 %": a share or a sum of shares in words for the page. */
export const formatSharePercent = (bps: number) => `${bpsToPercentText(bps) || "0"} %`;
