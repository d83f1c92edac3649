import { z } from "zod";
import { pageQuery } from "@/lib/http/pagination";

// Wallet activity (seed: GET /wallet/:address/activity). Kinds grow with features; these are the
// ones outlets, roles and bonds write.
export const activityKinds = [
  "outlet.created",
  "outlet.verified",
  "outlet.verification_failed",
  "role.granted",
  "role.revoked",
  "bond.deposited",
  "bond.withdrawn",
  "bond.slashed",
] as const;

export const ZActivityQuery = pageQuery;

export const ZActivityItem = z.object({
  id: z.string(),
  kind: z.string(),
  outletSlug: z.string().nullable(),
  subjectId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  txHash: z.string().nullable(),
  createdAt: z.string(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

export const ZActivityResponse = z.object({
  ok: z.literal(true),
  wallet: z.string(),
  items: z.array(ZActivityItem),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});
