import "server-only";
import type { Address } from "viem";
import type { Db, Trx } from "@/lib/db/database";
import type { CapsuleRow, CapsuleUpdate, NewCapsule } from "@/lib/db/tables/capsules.table";
import { getOutletBySlugOrThrow } from "@/features/outlets/outlets.repository";
import { articleSlugsLike, countDraftsOf, getCapsuleOrThrow, insertCapsule, lockOutletDrafts, updateCapsule } from "@/features/capsules/capsules.repository";
import {
  deleteContributors,
  deleteEvidence,
  deleteSupporting,
  insertContributors,
  insertEvidence,
  insertSupporting,
  listContributors,
  listEvidence,
} from "@/features/capsules/capsules-parts.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { slugifyTitle, uniqueSlug } from "@/features/capsules/article-slug";
import { contentHashOf } from "@/features/capsules/content-id";
import { policyById } from "@/features/capsules/policy";
import type { TCreateCapsuleBody, TUpdateCapsuleBody } from "@/features/capsules/capsules.schema";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { activeAuthorRoleIds } from "@/features/roles/roles.repository";
import { draftChanged, holdDraft, requireDraft, requireNoOutstandingVoucher } from "./access";
import { chainNow } from "@/lib/chain/server/chain-io";
import { capsuleReadResponse } from "./capsule-view";
import { remapClaimEvidence } from "./claims";
import {
  checkSupportingIds,
  contributorRows,
  contributorsFromBody,
  contributorsFromRows,
  defaultContributors,
  evidenceFromBody,
  vaultEvidenceChecked,
  evidenceFromRows,
  evidenceRows,
  featureImageColumn,
  metadataUriFor,
  type ContributorInput,
  type EvidenceInput,
} from "./draft-content";

const slugTaken = (slug: string) => new AppError("CONFLICT", `Another article of this outlet already uses the address "${slug}"; choose another`);

export async function freeArticleSlug(trx: Trx, outletId: number, title: string): Promise<string> {
  const base = slugifyTitle(title);
  return uniqueSlug(base, await articleSlugsLike(trx, outletId, base));
}

/** Drafts one author may keep at one outlet: a draft costs its author nothing but the write rate, and is kept until withdrawn. */
export const MAX_DRAFTS_PER_AUTHOR = 200;

/**
 * Inserts a draft row with its evidence, contributors and supporting relations; returns the row. Refused past the
 * author's drafts at the outlet, counted under the outlet's lock so drafts created at once never pass the bound.
 */
export async function insertDraft(
  trx: Trx,
  values: Omit<NewCapsule, "metadata_uri" | "article_slug">,
  parts: { evidence: EvidenceInput[]; contributors: ContributorInput[]; supporting: number[] },
): Promise<CapsuleRow> {
  await lockOutletDrafts(trx, values.outlet_id);
  if ((await countDraftsOf(trx, values.outlet_slug, values.submitter)) >= MAX_DRAFTS_PER_AUTHOR) {
    throw new AppError("CONFLICT", `You already have ${MAX_DRAFTS_PER_AUTHOR} drafts at "${values.outlet_slug}", the most one author keeps there; submit or withdraw one first`);
  }
  const article_slug = await freeArticleSlug(trx, values.outlet_id, values.title);
  const fields = {
    ...values,
    article_slug,
    subtitle: values.subtitle ?? null,
    summary: values.summary ?? null,
    language: values.language ?? "en",
    category: values.category ?? null,
    tags_json: values.tags_json ?? "[]",
    source_url: values.source_url ?? null,
    rights_notes: values.rights_notes ?? null,
    parent_capsule_id: values.parent_capsule_id ?? null,
    revision_reason: values.revision_reason ?? null,
  };
  const row = await insertCapsule(trx, { ...fields, metadata_uri: metadataUriFor(fields, parts.evidence, parts.contributors) });
  await insertEvidence(trx, evidenceRows(row.id, parts.evidence, values.submitter, values.created_at));
  await insertContributors(trx, contributorRows(row.id, parts.contributors, values.created_at));
  for (const supportingId of parts.supporting) {
    await insertSupporting(trx, { capsule_id: row.id, supporting_capsule_id: supportingId, relationship_type: "supports", created_by: values.submitter, created_at: values.created_at });
  }
  return row;
}

/** POST /api/capsules/create: a draft staged by an author of the outlet (a pending outlet is fine). */
export async function createDraft(db: Db, wallet: Address, body: TCreateCapsuleBody, now: number, origin: string) {
  if (body.authorWallet !== undefined && body.authorWallet !== wallet) {
    const message = "must be the wallet that signs the request";
    throw new AppError("VALIDATION_ERROR", "Invalid body: authorWallet", { issues: [{ path: "authorWallet", message }] });
  }
  const outlet = await getOutletBySlugOrThrow(db, body.outletSlug);
  // who may create is declared by the endpoint (features/capsules/create.endpoint.ts) and enforced by the wrapper
  const roles = await activeAuthorRoleIds(db, outlet.id, wallet);
  const supporting = await checkSupportingIds(db, wallet, body.supportingCapsules ?? []);
  const featureImage = await featureImageColumn(db, body.featureImage);
  const evidenceItems = await vaultEvidenceChecked(db, body.evidence ?? [], "evidence");
  const at = await activityTime(now);
  const row = await db.transaction().execute(async (trx) => {
    const row = await insertDraft(
      trx,
      {
        outlet_id: outlet.id,
        outlet_slug: outlet.slug,
        title: body.title,
        subtitle: body.subtitle ?? null,
        summary: body.summary ?? null,
        language: body.language ?? "en",
        category: body.category ?? null,
        tags_json: JSON.stringify(body.tags ?? []),
        source_url: body.sourceUrl ?? null,
        body: body.body,
        rights_notes: body.rightsNotes ?? null,
        feature_image_json: featureImage ?? null,
        content_hash: contentHashOf(body.body),
        submitter: wallet,
        status: "draft",
        capsule_type: body.capsuleType,
        policy_id: policyById(outlet.policy_id).policyId,
        created_at: now,
        updated_at: now,
      },
      {
        evidence: evidenceFromBody(evidenceItems),
        contributors: body.contributors ? contributorsFromBody(body.contributors) : defaultContributors(wallet, roles),
        supporting,
      },
    );
    await insertActivity(trx, [{ wallet, kind: "capsule.created", outletSlug: outlet.slug, subjectId: String(row.id), details: { title: row.title, capsuleType: row.capsule_type }, createdAt: at }]);
    return row;
  });
  return capsuleReadResponse(db, row, origin);
}

/** POST /api/capsules/update: the submitter edits a draft; hashes are recomputed, lists replaced when given. */
export async function updateDraft(db: Db, wallet: Address, body: TUpdateCapsuleBody, now: number, origin: string) {
  const capsule = await getCapsuleOrThrow(db, body.capsuleId); // the route's role rule already answered a hidden draft as a missing id
  requireDraft(capsule, "be updated");
  if (capsule.voucher_deadline !== null) requireNoOutstandingVoucher(capsule, await chainNow(), "be updated");
  // an edit of an older revision is refused before any work; the transaction checks again where it writes
  if (body.ifRevision !== undefined && capsule.draft_revision !== body.ifRevision) throw draftChanged(capsule, body.ifRevision);
  const supporting = body.supportingCapsules ? await checkSupportingIds(db, wallet, body.supportingCapsules, capsule.id) : undefined;
  const featureImage = await featureImageColumn(db, body.featureImage);
  const evidenceItems = body.evidence ? await vaultEvidenceChecked(db, body.evidence, "evidence") : undefined;
  const at = await activityTime(now);
  const row = await db.transaction().execute(async (trx) => {
    // the row is taken (and its revision moved) only at the revision the edit names, if it names one
    await holdDraft(trx, capsule, now, "be updated", { bump: true, ifRevision: body.ifRevision });
    const changes: CapsuleUpdate = { updated_at: now };
    if (body.title !== undefined) changes.title = body.title;
    if (body.body !== undefined) {
      changes.body = body.body;
      changes.content_hash = contentHashOf(body.body);
    }
    if (body.subtitle !== undefined) changes.subtitle = body.subtitle;
    if (body.summary !== undefined) changes.summary = body.summary;
    if (body.language !== undefined) changes.language = body.language;
    if (body.category !== undefined) changes.category = body.category;
    if (body.tags !== undefined) changes.tags_json = JSON.stringify(body.tags);
    if (body.sourceUrl !== undefined) changes.source_url = body.sourceUrl;
    if (body.rightsNotes !== undefined) changes.rights_notes = body.rightsNotes;
    if (featureImage !== undefined) changes.feature_image_json = featureImage;
    if (body.articleSlug !== undefined && body.articleSlug !== capsule.article_slug) {
      if ((await articleSlugsLike(trx, capsule.outlet_id, body.articleSlug)).has(body.articleSlug)) throw slugTaken(body.articleSlug);
      changes.article_slug = body.articleSlug;
    }

    const evidenceBefore = await listEvidence(trx, capsule.id);
    let evidence = evidenceFromRows(evidenceBefore);
    if (body.evidence) {
      evidence = evidenceFromBody(evidenceItems ?? body.evidence);
      await deleteEvidence(trx, capsule.id);
      const inserted = await insertEvidence(trx, evidenceRows(capsule.id, evidence, wallet, now));
      await remapClaimEvidence(trx, capsule.id, evidenceBefore, inserted);
    }
    let contributors = contributorsFromRows(await listContributors(trx, capsule.id));
    if (body.contributors) {
      contributors = contributorsFromBody(body.contributors);
      await deleteContributors(trx, capsule.id);
      await insertContributors(trx, contributorRows(capsule.id, contributors, now));
    }
    if (supporting) {
      await deleteSupporting(trx, capsule.id);
      for (const id of supporting) {
        await insertSupporting(trx, { capsule_id: capsule.id, supporting_capsule_id: id, relationship_type: "supports", created_by: wallet, created_at: now });
      }
    }
    const merged = { ...capsule, ...changes } as CapsuleRow;
    changes.metadata_uri = metadataUriFor(merged, evidence, contributors);
    const row = await updateCapsule(trx, capsule.id, changes);
    await insertActivity(trx, [{ wallet, kind: "capsule.updated", outletSlug: row.outlet_slug, subjectId: String(row.id), details: { fields: Object.keys(body).filter((k) => k !== "capsuleId" && k !== "ifRevision") }, createdAt: at }]);
    return row;
  }).catch((error: unknown) => {
    // two drafts racing for one address: the unique index decides, the loser gets the same 409
    if (body.articleSlug !== undefined && isUniqueViolation(error)) throw slugTaken(body.articleSlug);
    throw error;
  });
  return capsuleReadResponse(db, row, origin);
}
