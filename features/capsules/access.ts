import type { Address } from "viem";
import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { activeAuthorRoleIds } from "@/features/roles/roles.repository";
import { AppError } from "@/lib/errors/app-error";
import { utcIso } from "@/lib/time/utc-iso";
import { getCapsuleOrThrow, holdDraftForEdit, type DraftRevisionRule } from "@/features/capsules/capsules.repository";

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
  if (capsule.voucher_deadline !== null && chainNow <= capsule.voucher_deadline) throw voucherOutstanding(capsule.id, capsule.voucher_deadline, what);
}

/**
 * 409 INVALID_STATE for an edit of a draft whose submission voucher is outstanding: the deadline as a readable UTC
 * time in the message, and as `submissionUntil` (ISO 8601) in the body, for a client to say when editing may resume.
 */
export function voucherOutstanding(capsuleId: number, deadline: number, what: string): AppError {
  const until = utcIso(deadline);
  return new AppError("INVALID_STATE", `Capsule ${capsuleId} has an outstanding submission voucher until ${until}; it cannot ${what} before then`, {
    details: { submissionUntil: until },
  });
}

/**
 * Inside an edit's transaction: the draft as the edit checked it (still a draft, no voucher issued since), held
 * until the edit commits. A submission prepared between the edit's checks and its write would otherwise sign a
 * voucher for the content before the edit while the row took the edit: the chain would commit one text and the
 * bridge serve another. Refused as the checks before the transaction would refuse it now. With `revision.ifRevision`
 * the row is taken only at that revision (one conditional UPDATE, so two saves of one revision cannot both pass):
 * else 409 DRAFT_CHANGED naming the revision the bridge holds and when it was saved, and nothing is written.
 */
export async function holdDraft(
  trx: DbOrTrx,
  checked: Pick<CapsuleRow, "id" | "voucher_deadline">,
  now: number,
  what: string,
  revision: DraftRevisionRule = { bump: false },
): Promise<CapsuleRow> {
  const held = await holdDraftForEdit(trx, checked.id, checked.voucher_deadline, now, revision);
  if (held) return held;
  const current = await getCapsuleOrThrow(trx, checked.id);
  requireDraft(current, what);
  if (current.voucher_deadline === checked.voucher_deadline && revision.ifRevision !== undefined && current.draft_revision !== revision.ifRevision) {
    throw draftChanged(current, revision.ifRevision);
  }
  if (current.voucher_deadline !== null) throw voucherOutstanding(current.id, current.voucher_deadline, what);
  throw new AppError("INVALID_STATE", `Capsule ${current.id} changed while this edit was saved; it cannot ${what} now, read it again`);
}

/** 409 DRAFT_CHANGED: the draft was saved since the revision an edit names; the body says which revision it is at, and since when. */
export function draftChanged(current: Pick<CapsuleRow, "id" | "draft_revision" | "updated_at">, edited: number, by: "edit" | "submission" = "edit"): AppError {
  const since = `(revision ${edited}; it is now at revision ${current.draft_revision})`;
  return new AppError(
    "DRAFT_CHANGED",
    by === "edit"
      ? `Draft ${current.id} was saved elsewhere since the version this edit started from ${since}; read it again, or send the edit with ifRevision ${current.draft_revision} to replace that version`
      : `Draft ${current.id} was saved elsewhere since the version this submission names ${since}, so no voucher was issued; read it again and submit the version you mean`,
    { details: { draftRevision: current.draft_revision, savedAt: String(current.updated_at) } },
  );
}
