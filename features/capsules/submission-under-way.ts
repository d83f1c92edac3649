import "server-only";
import type { Address } from "viem";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { chainNow } from "@/lib/chain/server/chain-io";
import { utcIso } from "@/lib/time/utc-iso";

/**
 * A draft's submission under way, for its submitter's signed read (`submissionUnderWay` of GET /api/capsules/:id):
 * a voucher was issued and the chain may still take it, so the draft is frozen until `until` (the voucher's deadline,
 * ISO 8601 UTC) unless the submission reaches the chain first (the capsule is then no longer a draft). Undefined for
 * anyone else, for a capsule that is not a draft, and once the voucher lapsed. Judged as the edits judge it
 * (`requireNoOutstandingVoucher`: the chain's clock, the later of the latest block and the wall clock); a deadline
 * already behind the wall clock needs no chain read, and when the node cannot be read the wall clock decides.
 */
export async function submissionUnderWayOf(row: CapsuleRow, reader: Address, nowSeconds: number): Promise<{ until: string } | undefined> {
  if (row.status !== "draft" || row.voucher_deadline === null || row.submitter.toLowerCase() !== reader.toLowerCase()) return undefined;
  if (row.voucher_deadline < nowSeconds) return undefined;
  const now = await chainNow().catch(() => nowSeconds);
  return now <= row.voucher_deadline ? { until: utcIso(row.voucher_deadline) } : undefined;
}
