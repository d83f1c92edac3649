import type { Address } from "viem";
import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { activeAuthorRoleIds } from "@/features/roles/roles.repository";
import { AppError } from "@/lib/errors/app-error";

/** The wallet's author roles (1–3) at the outlet; 403 FORBIDDEN when it holds none. */
export async function requireAuthorRoles(db: DbOrTrx, outlet: OutletRow, wallet: Address, what: string): Promise<number[]> {
  const roles = await activeAuthorRoleIds(db, outlet.id, wallet);
  if (roles.length === 0) {
    throw new AppError("FORBIDDEN", `Only a Journalist, Reporter or Editor of outlet "${outlet.slug}" may ${what}`);
  }
  return roles;
}

export function requireSubmitter(capsule: CapsuleRow, wallet: Address, what: string): void {
  if (capsule.submitter !== wallet) throw new AppError("FORBIDDEN", `Only the submitter of capsule ${capsule.id} may ${what}`);
}

export function requireDraft(capsule: CapsuleRow, what: string): void {
  if (capsule.status !== "draft") {
    throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is ${capsule.status}; only a draft can ${what}`);
  }
}

/** While a submission voucher is outstanding the draft is frozen: the chain may still receive exactly that content. */
export function requireNoOutstandingVoucher(capsule: CapsuleRow, chainNow: number, what: string): void {
  if (capsule.voucher_deadline !== null && chainNow <= capsule.voucher_deadline) {
    throw new AppError(
      "INVALID_STATE",
      `Capsule ${capsule.id} has an outstanding submission voucher until ${capsule.voucher_deadline}; it cannot ${what} before then`,
    );
  }
}
