import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { getCapsuleOrThrow, updateCapsule } from "@/features/capsules/capsules.repository";
import {
  countEvidence,
  countSupporting,
  findSupporting,
  insertEvidence,
  insertSupporting,
  listContributors,
  listEvidence,
  listSupporting,
  lockCapsuleParts,
} from "@/features/capsules/capsules-parts.repository";
import { capsuleForWriter, hiddenDraftIds, type Viewer } from "@/features/capsules/draft-visibility.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { pageOf, pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import { MAX_EVIDENCE_ITEMS, MAX_SUPPORTING_RELATIONS, type TAddSupportingBody, type TEvidenceItem } from "@/features/capsules/capsules.schema";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { evidenceObject } from "./capsule-view";
import { holdDraft, requireNoOutstandingVoucher } from "./access";
import { chainNow } from "@/lib/chain/server/chain-io";
import { contributorsFromRows, evidenceFromBody, evidenceFromRows, evidenceRows, metadataUriFor, vaultEvidenceChecked } from "./draft-content";

/**
 * POST /api/capsules/:id/evidence — the submitter or a listed contributor adds one item (who may
 * is declared by the endpoint, features/capsules/evidence-add.endpoint.ts, and enforced by the wrapper).
 * Drafts take any item (at most one primary; the metadataURI is recomputed). A finalized capsule
 * takes additional, non-primary evidence (its metadataURI stays the one that was voted on).
 * Pending, rejected and superseded capsules take none.
 */
export async function addEvidence(db: Db, wallet: Address, capsuleId: number, given: TEvidenceItem, now: number) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  if (capsule.status !== "draft" && capsule.status !== "finalized") {
    throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is ${capsule.status}; evidence can be added to a draft or a finalized capsule`);
  }
  // the voucher's manifest lists the evidence: it may not change while the chain can still take that voucher
  if (capsule.status === "draft" && capsule.voucher_deadline !== null) requireNoOutstandingVoucher(capsule, await chainNow(), "take evidence");
  const [item] = (await vaultEvidenceChecked(db, [given], "")) as [TEvidenceItem];
  if (item.isPrimary && capsule.status !== "draft") {
    throw new AppError("INVALID_STATE", `The primary evidence of capsule ${capsule.id} was fixed at submission; add this item with isPrimary false`);
  }
  const at = await activityTime(now);
  return db.transaction().execute(async (trx) => {
    // the list is read under the capsule's lock: requests at the same moment are counted one after the other
    await lockCapsuleParts(trx, capsule.id);
    const existing = await listEvidence(trx, capsule.id);
    const contributors = await listContributors(trx, capsule.id);
    if (item.isPrimary && existing.some((e) => e.is_primary === 1)) {
      throw new AppError("CONFLICT", `Capsule ${capsule.id} already has a primary evidence item`);
    }
    // every read of the capsule carries its whole list: one item at a time may not grow it past what a draft may list
    if (existing.length >= MAX_EVIDENCE_ITEMS) {
      throw new AppError("CONFLICT", `Capsule ${capsule.id} already lists ${existing.length} evidence items, the most a capsule takes (${MAX_EVIDENCE_ITEMS})`);
    }
    if (existing.some((e) => e.active === 1 && e.uri === item.uri && e.content_hash.toLowerCase() === item.contentHash.toLowerCase())) {
      throw new AppError("CONFLICT", `Capsule ${capsule.id} already lists this evidence (the same address and SHA-256)`);
    }
    // evidence is part of what a draft's save replaces: its revision moves, so an editor holding the list before is told
    if (capsule.status === "draft") await holdDraft(trx, capsule, now, "take evidence", { bump: true });
    const [row] = await insertEvidence(trx, evidenceRows(capsule.id, evidenceFromBody([item]), wallet, now));
    let metadataURI = capsule.metadata_uri;
    if (capsule.status === "draft") {
      metadataURI = metadataUriFor(capsule, [...evidenceFromRows(existing), ...evidenceFromBody([item])], contributorsFromRows(contributors));
      await updateCapsule(trx, capsule.id, { metadata_uri: metadataURI, updated_at: now });
    }
    await insertActivity(trx, [{ wallet, kind: "capsule.evidence_added", outletSlug: capsule.outlet_slug, subjectId: String(capsule.id), details: { evidenceId: String(row!.id), uri: item.uri }, createdAt: at }]);
    return { ok: true as const, capsuleId: String(capsule.id), evidence: evidenceObject(row!), metadataURI };
  });
}

export async function evidencePage(db: Db, capsuleId: number, query: PageQuery) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  const rows = await listEvidence(db, capsule.id, { offset: pageOffset(query), limit: query.limit });
  return { ...pageOf(rows.map(evidenceObject), query, await countEvidence(db, capsule.id)), capsuleId: String(capsule.id) };
}

const supportingObject = (row: { capsule_id: number; supporting_capsule_id: number; relationship_type: string; created_by: string; created_at: number }) => ({
  capsuleId: String(row.capsule_id),
  supportingCapsuleId: String(row.supporting_capsule_id),
  relationshipType: row.relationship_type,
  createdBy: row.created_by,
  createdAt: String(row.created_at),
});

/** POST /api/capsules/:id/supporting — the submitter links another capsule (any status: relations annotate, they are not content). */
export async function addSupporting(db: Db, wallet: Address, capsuleId: number, body: TAddSupportingBody, now: number) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  if (body.supportingCapsuleId === capsule.id) {
    const message = "a capsule cannot support itself";
    throw new AppError("VALIDATION_ERROR", "Invalid body: supportingCapsuleId", { issues: [{ path: "supportingCapsuleId", message }] });
  }
  await capsuleForWriter(db, body.supportingCapsuleId, wallet); // another's draft is a missing id here too
  if (capsule.status === "draft" && capsule.voucher_deadline !== null) requireNoOutstandingVoucher(capsule, await chainNow(), "take supporting relations");
  const at = await activityTime(now);
  return db.transaction().execute(async (trx) => {
    // counted and checked under the capsule's lock: requests at the same moment are taken one after the other
    await lockCapsuleParts(trx, capsule.id);
    if (await findSupporting(trx, capsule.id, body.supportingCapsuleId)) {
      throw new AppError("CONFLICT", `Capsule ${body.supportingCapsuleId} is already related to capsule ${capsule.id}`);
    }
    // every relation is one row of the capsule's pages: one at a time may not grow them past what a draft may list
    const listed = await countSupporting(trx, capsule.id);
    if (listed >= MAX_SUPPORTING_RELATIONS) {
      throw new AppError("CONFLICT", `Capsule ${capsule.id} already lists ${listed} related capsules, the most a capsule takes (${MAX_SUPPORTING_RELATIONS})`);
    }
    if (capsule.status === "draft") await holdDraft(trx, capsule, now, "take supporting relations");
    const row = await insertSupporting(trx, { capsule_id: capsule.id, supporting_capsule_id: body.supportingCapsuleId, relationship_type: body.relationshipType, created_by: wallet, created_at: now });
    await insertActivity(trx, [{ wallet, kind: "capsule.supporting_added", outletSlug: capsule.outlet_slug, subjectId: String(capsule.id), details: { supportingCapsuleId: String(body.supportingCapsuleId), relationshipType: body.relationshipType }, createdAt: at }]);
    return { ok: true as const, relation: supportingObject(row) };
  });
}

/** Relations to drafts the reader may not see are left out. */
export async function supportingPage(db: Db, capsuleId: number, query: PageQuery, viewer: Viewer) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  const { rows, total } = await listSupporting(db, capsule.id, { offset: pageOffset(query), limit: query.limit }, hiddenDraftIds(db, viewer));
  return { ...pageOf(rows.map(supportingObject), query, total), capsuleId: String(capsule.id) };
}
