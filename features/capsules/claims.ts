import "server-only";
import type { Address } from "viem";
import type { Db, DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow, ClaimRow, EvidenceRow, NewClaim } from "@/lib/db/tables/capsules.table";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { listEvidence } from "@/features/capsules/capsules-parts.repository";
import { listClaims, replaceClaims, setClaimEvidence } from "@/features/capsules/capsule-claims.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { getVisibleCapsuleOrThrow, type Viewer } from "@/features/capsules/draft-visibility.repository";
import { AppError } from "@/lib/errors/app-error";
import { quoteMatches } from "@/features/capsules/claim-anchor";
import type { TClaimInput, TSetClaimsBody } from "@/features/capsules/claims.schema";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { holdDraft, requireDraft, requireNoOutstandingVoucher } from "./access";
import { chainNow } from "@/lib/chain/server/chain-io";
import { claimEvidenceIds, claimObject } from "./claim-view";
import { claimRulings, type ClaimRuling } from "./claim-rulings";

// Structured claims (issue 27 item 1): a draft's claims are replaced wholesale by its author or an
// Editor of its outlet; each quote must occur in the body and each evidence id be an active item of
// the capsule. Once submitted, the claims are fixed with the content.

export const claimsResponse = (capsule: CapsuleRow, rows: ClaimRow[], rulings: Map<string, ClaimRuling> = new Map()) => ({
  ok: true as const,
  capsuleId: String(capsule.id),
  items: rows.map((row) => claimObject(row, capsule.body, rulings.get(String(row.id)))),
});

/** GET /api/capsules/:id/claims; `checked` is the row the wrapper read for the visibility check. */
export async function claimsOf(db: DbOrTrx, id: number, viewer: Viewer, checked?: CapsuleRow) {
  const capsule = checked ?? (await getVisibleCapsuleOrThrow(db, id, viewer));
  return claimsResponse(capsule, await listClaims(db, capsule.id), await claimRulings(db, capsule.id));
}

const invalid = (path: string, message: string) => new AppError("VALIDATION_ERROR", `Invalid body: ${path} (${message})`, { issues: [{ path, message }] });

/** 400 naming the first claim whose quote is not in the body or whose evidence is not the capsule's. */
export function checkClaims(body: string, claims: TClaimInput[], evidence: EvidenceRow[]): void {
  const evidenceIds = new Set(evidence.map((e) => e.id));
  claims.forEach((claim, index) => {
    const n = index + 1;
    if (!quoteMatches(body, { exact: claim.exact, prefix: claim.prefix, suffix: claim.suffix })) {
      const what = claim.prefix || claim.suffix ? "with its prefix and suffix " : "";
      throw invalid(`claims.${index}.exact`, `claim ${n}: the quote ${what}does not occur in the body`);
    }
    claim.evidenceIds.forEach((id, j) => {
      if (!evidenceIds.has(id)) throw invalid(`claims.${index}.evidenceIds.${j}`, `claim ${n}: evidence ${id} is not an evidence item of this capsule`);
    });
  });
}

/** POST /api/capsules/:id/claims — replaces a draft's claims; answers them as GET does. */
export async function setClaims(db: Db, wallet: Address, capsuleId: number, body: TSetClaimsBody, now: number) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  requireDraft(capsule, "have its claims changed");
  if (capsule.voucher_deadline !== null) requireNoOutstandingVoucher(capsule, await chainNow(), "have its claims changed");
  checkClaims(capsule.body, body.claims, await listEvidence(db, capsule.id));
  const at = await activityTime(now);
  const rows: NewClaim[] = body.claims.map((claim, index) => ({
    capsule_id: capsule.id,
    ordinal: index + 1,
    exact: claim.exact,
    prefix: claim.prefix,
    suffix: claim.suffix,
    claim_type: claim.claimType,
    evidence_ids_json: JSON.stringify(claim.evidenceIds),
    note: claim.note ? claim.note : null,
    created_by: wallet,
    created_at: now,
  }));
  return db.transaction().execute(async (trx) => {
    // held inside the transaction: a submission racing this write leaves the claims alone, or sees them
    const current = await holdDraft(trx, capsule, now, "have its claims changed");
    const saved = await replaceClaims(trx, capsule.id, rows);
    await insertActivity(trx, [{ wallet, kind: "capsule.claims_set", outletSlug: capsule.outlet_slug, subjectId: String(capsule.id), details: { claims: saved.length }, createdAt: at }]);
    return claimsResponse(current, saved);
  });
}

/**
 * After a draft's evidence list was replaced (new rows, new ids), each claim keeps the items that
 * are still there, found again by uri and content hash; the others fall away (the claim may then be
 * unsupported, which the desk sees).
 */
export async function remapClaimEvidence(trx: DbOrTrx, capsuleId: number, before: EvidenceRow[], after: EvidenceRow[]): Promise<void> {
  const keyOf = (e: EvidenceRow) => `${e.uri}\u0000${e.content_hash}`;
  const newIdByKey = new Map(after.map((e) => [keyOf(e), e.id]));
  const newIdByOld = new Map(before.flatMap((e) => {
    const id = newIdByKey.get(keyOf(e));
    return id === undefined ? [] : [[e.id, id] as const];
  }));
  for (const claim of await listClaims(trx, capsuleId)) {
    const ids = claimEvidenceIds(claim).flatMap((id) => {
      const mapped = newIdByOld.get(id);
      return mapped === undefined ? [] : [mapped];
    });
    await setClaimEvidence(trx, claim.id, [...new Set(ids)]);
  }
}

/** Submission refuses claims whose quote a body edit broke (the manifest commits each quote). */
export async function requireAnchoredClaims(db: DbOrTrx, capsule: CapsuleRow): Promise<void> {
  const broken = (await listClaims(db, capsule.id)).filter((row) => !quoteMatches(capsule.body, row));
  if (broken.length > 0) {
    const list = broken.map((row) => `claim ${row.ordinal}`).join(", ");
    throw new AppError("INVALID_STATE", `Capsule ${capsule.id} cannot be submitted: the quote of ${list} no longer occurs in the body; fix or remove it`);
  }
}

/**
 * A new revision draft starts with its parent's claims (ordinals kept), their evidence ids moved to
 * the copies of the parent's evidence the draft was given.
 */
export async function copyClaims(trx: DbOrTrx, from: CapsuleRow, to: CapsuleRow, wallet: Address, now: number): Promise<void> {
  const claims = await listClaims(trx, from.id);
  if (claims.length === 0) return;
  const [before, after] = await Promise.all([listEvidence(trx, from.id), listEvidence(trx, to.id)]);
  await replaceClaims(
    trx,
    to.id,
    claims.map((claim) => ({
      capsule_id: to.id,
      ordinal: claim.ordinal,
      exact: claim.exact,
      prefix: claim.prefix,
      suffix: claim.suffix,
      claim_type: claim.claim_type,
      evidence_ids_json: claim.evidence_ids_json,
      note: claim.note,
      created_by: wallet,
      created_at: now,
    })),
  );
  await remapClaimEvidence(trx, to.id, before, after);
}
