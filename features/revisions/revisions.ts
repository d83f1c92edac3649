import "server-only";
import type { Address } from "viem";
import type { Db, DbOrTrx } from "@/lib/db/database";
import { getCapsuleOrThrow, listChain, withdrawDraftIfStill } from "@/features/capsules/capsules.repository";
import { canSee, viewerOf } from "@/features/capsules/draft-visibility.repository";
import { chainNow } from "@/lib/chain/server/chain-io";
import { shortAddress } from "@/lib/wallet/short-address";
import { listContributors, listEvidence } from "@/features/capsules/capsules-parts.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { contentHashOf } from "@/features/capsules/content-id";
import type { TAddHistoryBody } from "@/features/capsules/capsules.schema";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { activeAuthorRoleIds } from "@/features/roles/roles.repository";
import { capsuleReadResponse } from "@/features/capsules/capsule-view";
import { currentOfChain, nextRevisionNumber, openRevisionOf, rootIdOf } from "@/features/capsules/chain-order";
import { contributorsFromRows, defaultContributors, evidenceFromRows } from "@/features/capsules/draft-content";
import { insertDraft } from "@/features/capsules/drafts";
import { copyClaims } from "@/features/capsules/claims";
import { getOutletByIdOrThrow } from "@/features/outlets/outlets.repository";
import { listClaims } from "@/features/capsules/capsule-claims.repository";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";

/** The claims a correction names (issue 27 item 7): only corrections and retractions name them, and only claims of the version they revise. */
async function correctedClaimIds(db: Db, target: CapsuleRow, body: TAddHistoryBody): Promise<number[]> {
  const ids = body.correctsClaimIds ?? [];
  if (ids.length === 0) return [];
  const issue = (path: string, message: string) => new AppError("VALIDATION_ERROR", `Invalid body: ${path} (${message})`, { issues: [{ path, message }] });
  if (body.capsuleType === "original") throw issue("correctsClaimIds", "only a correction or a retraction names the claims it corrects");
  const own = new Set((await listClaims(db, target.id)).map((claim) => claim.id));
  ids.forEach((id, index) => {
    if (!own.has(id)) throw issue(`correctsClaimIds.${index}`, `claim ${id} is not a claim of capsule ${target.id}`);
  });
  return ids;
}

/**
 * A draft revision whose submitter no longer holds an author role at the outlet (revoked or given up)
 * no longer holds the chain's one open revision: the next revision withdraws it in its own transaction.
 * While a submission voucher is outstanding it still counts: the chain may yet receive it, and the
 * voucher's deadline is near.
 */
async function abandonedDraft(db: Db, open: CapsuleRow): Promise<boolean> {
  if (open.status !== "draft") return false;
  if (open.voucher_deadline !== null && (await chainNow()) <= open.voucher_deadline) return false;
  return (await activeAuthorRoleIds(db, open.outlet_id, open.submitter)).length === 0;
}

async function withdrawAbandoned(trx: DbOrTrx, open: CapsuleRow, now: number, at: number): Promise<void> {
  const withdrawn = await withdrawDraftIfStill(trx, open.id, now);
  if (!withdrawn) throw new AppError("INVALID_STATE", "Another revision of this chain was opened at the same time; read the revision history and try again");
  const details = { reason: "its submitter no longer holds a role at the outlet", by: "revision" };
  await insertActivity(trx, [{ wallet: open.submitter, kind: "capsule.withdrawn", outletSlug: open.outlet_slug, subjectId: String(open.id), details, createdAt: at }]);
}

/**
 * The 409 for an open revision. Its id only to a caller who may read it (a draft is private to its
 * submitter and the outlet's Editors; a pending capsule is public); to anyone else its kind and author.
 */
async function openRevisionError(db: Db, open: CapsuleRow, wallet: Address, outletSlug: string): Promise<AppError> {
  if (canSee(open, await viewerOf(db, wallet))) {
    return new AppError("INVALID_STATE", `Capsule ${open.id} of this chain is already an open ${open.status} revision`, { details: { openCapsuleId: String(open.id), status: open.status } });
  }
  const kind = open.capsule_type === "original" ? "revision" : open.capsule_type;
  return new AppError(
    "INVALID_STATE",
    `A ${kind} draft by ${shortAddress(open.submitter)} is already open in this chain; an Editor of outlet "${outletSlug}" may withdraw it`,
    { details: { status: open.status, capsuleType: open.capsule_type, submitter: open.submitter } },
  );
}

/**
 * POST /api/capsules/:id/history — a new draft in the capsule's revision chain (docs/ARCHITECTURE.md, "States"):
 * a correction or retraction of the current published version, or any revision of a rejected
 * capsule that ends its chain. Content, evidence and (when the signer is among them) contributors
 * are copied unless given; one open (draft or pending) revision per chain at a time.
 */
export async function addRevision(db: Db, wallet: Address, capsuleId: number, body: TAddHistoryBody, now: number, origin: string) {
  const target = await getCapsuleOrThrow(db, capsuleId);
  const outlet = await getOutletByIdOrThrow(db, target.outlet_id);
  const roles = await activeAuthorRoleIds(db, outlet.id, wallet); // the route wrapper enforced an author role
  const chain = await listChain(db, rootIdOf(target));
  const published = (target.status === "finalized" || target.status === "superseded") && currentOfChain(chain).id === target.id;
  const endsChain = target.status === "rejected" && nextRevisionNumber(chain) === target.revision_number + 1;
  if (!published && !endsChain) {
    throw new AppError("INVALID_STATE", `Capsule ${target.id} is ${target.status}; only the current published version of a chain or a rejected capsule that ends its chain can be revised`);
  }
  if (published && body.capsuleType === "original") {
    const message = "a published capsule is revised by a correction or a retraction";
    throw new AppError("VALIDATION_ERROR", "Invalid body: capsuleType", { issues: [{ path: "capsuleType", message }] });
  }
  const correctsClaims = await correctedClaimIds(db, target, body);
  const open = openRevisionOf(chain);
  const stale = open ? await abandonedDraft(db, open) : false;
  if (open && !stale) throw await openRevisionError(db, open, wallet, outlet.slug);

  const [evidence, contributorRows] = await Promise.all([listEvidence(db, target.id), listContributors(db, target.id)]);
  const contributors = contributorRows.some((c) => c.wallet === wallet) ? contributorsFromRows(contributorRows) : defaultContributors(wallet, roles);
  const text = body.body ?? target.body;
  const at = await activityTime(now);
  const row = await db.transaction().execute(async (trx) => {
    if (open && stale) await withdrawAbandoned(trx, open, now, at);
    const row = await insertDraft(
      trx,
      {
        outlet_id: target.outlet_id,
        outlet_slug: target.outlet_slug,
        title: body.title ?? target.title,
        subtitle: target.subtitle,
        summary: target.summary,
        language: target.language,
        category: target.category,
        tags_json: target.tags_json,
        source_url: target.source_url,
        body: text,
        rights_notes: target.rights_notes,
        feature_image_json: target.feature_image_json,
        content_hash: contentHashOf(text),
        submitter: wallet,
        status: "draft",
        capsule_type: body.capsuleType,
        policy_id: target.policy_id,
        root_capsule_id: rootIdOf(target),
        parent_capsule_id: target.id,
        revision_number: nextRevisionNumber(chain),
        revision_reason: body.revisionReason,
        change_summary_uri: body.changeSummaryURI ?? null,
        corrects_claims_json: JSON.stringify(correctsClaims),
        // labels describe the article, so a new version carries its chain's label from the start
        integrity_label: target.integrity_label,
        created_at: now,
        updated_at: now,
      },
      { evidence: evidenceFromRows(evidence), contributors, supporting: [] },
    );
    await copyClaims(trx, target, row, wallet, now);
    await insertActivity(trx, [{ wallet, kind: "capsule.revision_created", outletSlug: row.outlet_slug, subjectId: String(row.id), details: { parentCapsuleId: String(target.id), capsuleType: row.capsule_type, revisionNumber: row.revision_number }, createdAt: at }]);
    return row;
  });
  return capsuleReadResponse(db, row, origin);
}
