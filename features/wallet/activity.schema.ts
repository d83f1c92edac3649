import { z } from "zod";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse } from "@/lib/schemas/primitives";

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
  "bond.seized",
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

export const ZActivityResponse = pagedResponse(ZActivityItem).extend({ wallet: z.string() });
