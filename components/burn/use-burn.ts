"use client";

import { useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { burnStatus } from "@/features/burn/status.endpoint";
import type { TBurnStatusResponse } from "@/features/burn/burn.schema";

// GET /api/burn/status — the seed's burn status record, every field a string: wei amounts and the
// next burn as Unix seconds (burnDateSeconds also reads an ISO date, should another bridge send one).

export type TBurnStatus = TBurnStatusResponse;

export const burnKeys = { status: () => ["burn", "status"] as const };

export const useBurnStatus = () =>
  useQuery({ queryKey: burnKeys.status(), queryFn: () => call(burnStatus, {}), refetchInterval: 30_000 });

/** "7 days", "36 hours", "90 minutes" for a burn interval. */
export function describeInterval(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? "" : "s"}`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} hour${seconds === 3_600 ? "" : "s"}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? "" : "s"}`;
  return `${seconds} seconds`;
}

/** The next burn as Unix seconds, from a Unix-seconds string or an ISO date; undefined when unreadable. */
export function burnDateSeconds(value: string): number | undefined {
  if (/^[0-9]+$/.test(value)) return Number(value) > 0 ? Number(value) : undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}
