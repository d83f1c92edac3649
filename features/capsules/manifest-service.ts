import "server-only";
import type { Db, DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow, EvidenceRow } from "@/lib/db/tables/capsules.table";
import { findCapsulesByIds } from "@/features/capsules/capsules.repository";
import { listContributors, listEvidence, listSupporting } from "@/features/capsules/capsules-parts.repository";
import { listClaims } from "@/features/capsules/capsule-claims.repository";
import { insertVaultObjectIfAbsent } from "@/features/vault/vault.repository";
import { canSee } from "@/features/capsules/draft-visibility.repository";
import { config } from "@/lib/config/config";
import { MANIFEST_SCHEMA, canonicalText, sealManifest, type CapsuleManifest, type ManifestEvidence, type SealedManifest } from "@/features/capsules/manifest";
import { putObject, readObject, sha256Hex } from "@/lib/vault/object-store";
import { claimEvidenceIds } from "./claim-view";
import { parseFeatureImage } from "@/features/capsules/feature-image";

// A capsule's manifest (features/capsules/manifest.ts) from its SQL rows, its copy in the vault, and the
// way back: the manifest the chain committed to, read from the vault by the projected manifest hash.

export const manifestEvidenceOf = (row: EvidenceRow): ManifestEvidence => ({
  uri: row.uri,
  contentHash: row.content_hash.toLowerCase(),
  evidenceType: row.evidence_type,
  mimeType: row.mime_type,
  isPrimary: row.is_primary === 1,
  label: row.label,
});

const MAX_SUPPORTING = 500;

/** The manifest a submission of `capsule` commits to now (drafts: what the voucher will carry). */
export async function buildManifest(db: DbOrTrx, capsule: CapsuleRow): Promise<CapsuleManifest> {
  const [evidence, contributors, claims, supporting] = await Promise.all([
    listEvidence(db, capsule.id),
    listContributors(db, capsule.id),
    listClaims(db, capsule.id),
    listSupporting(db, capsule.id, { offset: 0, limit: MAX_SUPPORTING }),
  ]);
  const position = new Map(evidence.map((row, index) => [row.id, index]));
  // a relation to a capsule that never reached the chain would publish a private draft's id
  const targets = new Map((await findCapsulesByIds(db, supporting.rows.map((r) => r.supporting_capsule_id))).map((row) => [row.id, row]));
  const parentClaims = capsule.parent_capsule_id === null ? [] : await listClaims(db, capsule.parent_capsule_id);
  const corrected = new Set(JSON.parse(capsule.corrects_claims_json) as number[]);
  const featureImage = parseFeatureImage(capsule.feature_image_json);
  return {
    schema: MANIFEST_SCHEMA,
    capsuleId: String(capsule.id),
    outletSlug: capsule.outlet_slug,
    capsuleType: capsule.capsule_type,
    parentCapsuleId: capsule.parent_capsule_id === null ? null : String(capsule.parent_capsule_id),
    contentHash: capsule.content_hash.toLowerCase(),
    title: capsule.title,
    claims: claims.map((claim) => ({
      ordinal: claim.ordinal,
      exact: claim.exact,
      prefix: claim.prefix,
      suffix: claim.suffix,
      claimType: claim.claim_type,
      evidence: claimEvidenceIds(claim).flatMap((id) => (position.has(id) ? [position.get(id)!] : [])),
      note: claim.note,
    })),
    evidence: evidence.map(manifestEvidenceOf),
    contributors: contributors.filter((c) => c.active === 1).map((c) => ({ wallet: c.wallet, role: c.role, contributionType: c.contribution_type, shareBps: c.share_bps })),
    supporting: supporting.rows
      .filter((r) => {
        const target = targets.get(r.supporting_capsule_id);
        return target !== undefined && canSee(target, undefined);
      })
      .map((r) => ({ capsuleId: String(r.supporting_capsule_id), relationshipType: r.relationship_type })),
    correctsClaims: parentClaims.filter((c) => corrected.has(c.id)).map((c) => c.ordinal),
    ...(featureImage ? { featureImage } : {}),
  };
}

/**
 * Stores the manifest's bytes in the vault under their SHA-256 (so GET /api/vault/<CID> answers them).
 * Written before the voucher is signed: bytes nobody submits are a few hundred harmless bytes, while a
 * submitted manifest missing from the vault would leave its metadataURI unresolvable.
 */
export async function storeManifest(db: Db, capsule: CapsuleRow, sealed: SealedManifest, now: number): Promise<void> {
  const id = sealed.manifestHash.slice(2);
  await putObject(config().vaultDir, id, sealed.bytes);
  await insertVaultObjectIfAbsent(db, {
    id,
    size: sealed.bytes.byteLength,
    mime_type: "application/json",
    filename: `capsule-${capsule.id}-manifest.json`,
    uploader: capsule.submitter,
    capsule_id: capsule.id,
    created_at: now,
  });
}

/** The manifest the chain committed to for this capsule (undefined before its submission is indexed, or when the bytes are gone). */
export async function committedManifest(capsule: Pick<CapsuleRow, "manifest_hash">): Promise<SealedManifest | undefined> {
  if (!capsule.manifest_hash) return undefined;
  const id = capsule.manifest_hash.replace(/^0x/, "").toLowerCase();
  const bytes = await readObject(config().vaultDir, id);
  if (!bytes || sha256Hex(bytes) !== id) return undefined;
  const manifest = JSON.parse(bytes.toString("utf8")) as CapsuleManifest;
  const sealed = sealManifest(manifest);
  // stored bytes that are not the canonical form of what they parse to cannot have been written here
  return canonicalText(manifest) === bytes.toString("utf8") ? sealed : undefined;
}

/**
 * Which evidence rows the manifest holds: rows are matched to manifest items by content, in order;
 * rows left over were added after publication (a finalized capsule takes more evidence).
 */
export function splitEvidence<T>(rows: T[], manifest: CapsuleManifest | undefined, itemOf: (row: T) => ManifestEvidence): { voted: Array<{ row: T; index: number }>; later: T[] } {
  if (!manifest) return { voted: [], later: rows };
  const free = new Map<string, number[]>();
  manifest.evidence.forEach((item, index) => {
    const key = canonicalText(item);
    free.set(key, [...(free.get(key) ?? []), index]);
  });
  const voted: Array<{ row: T; index: number }> = [];
  const later: T[] = [];
  for (const row of rows) {
    const slots = free.get(canonicalText(itemOf(row)));
    const index = slots?.shift();
    if (index === undefined) later.push(row);
    else voted.push({ row, index });
  }
  return { voted, later };
}
