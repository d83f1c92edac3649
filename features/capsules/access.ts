import type { Address } from "viem";
import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { activeAuthorRoleIds } from "@/features/roles/roles.repository";
import { AppError } from "@/lib/errors/app-error";
import { getCapsuleOrThrow, holdDraftForEdit } from "@/features/capsules/capsules.repository";

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

/**
 * Inside an edit's transaction: the draft as the edit checked it (still a draft, no voucher issued since), held
 * until the edit commits. A submission prepared between the edit's checks and its write would otherwise sign a
 * voucher for the content before the edit while the row took the edit: the chain would commit one text and the
 * bridge serve another. Refused as the checks before the transaction would refuse it now.
 */
export async function holdDraft(trx: DbOrTrx, checked: Pick<CapsuleRow, "id" | "voucher_deadline">, now: number, what: string): Promise<CapsuleRow> {
  const held = await holdDraftForEdit(trx, checked.id, checked.voucher_deadline, now);
  if (held) return held;
  const current = await getCapsuleOrThrow(trx, checked.id);
  requireDraft(current, what);
  throw new AppError(
    "INVALID_STATE",
    current.voucher_deadline === null
      ? `Capsule ${current.id} changed while this edit was saved; it cannot ${what} now, read it again`
      : `Capsule ${current.id} has an outstanding submission voucher until ${current.voucher_deadline}; it cannot ${what} before then`,
  );
}
