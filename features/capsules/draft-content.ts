import type { Address } from "viem";
import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow, ContributorRow, EvidenceRow, NewContributor, NewEvidence } from "@/lib/db/tables/capsules.table";
import { findCapsulesByIds } from "@/features/capsules/capsules.repository";
import { canSee, viewerOf } from "@/features/capsules/draft-visibility.repository";
import { AppError } from "@/lib/errors/app-error";
import { capsuleMetadataUri, type MetadataInput } from "@/features/capsules/metadata";
import type { TContributorItem, TEvidenceItem } from "@/features/capsules/capsules.schema";
import { findVaultObject } from "@/features/vault/vault.repository";
import { vaultObjectIdOf } from "@/lib/api/vault-path";
import { lowestAuthorRole } from "@/lib/roles/role-catalog";
import { FEATURE_IMAGE_TYPES, parseFeatureImage, type FeatureImage, type TFeatureImageInput } from "@/features/capsules/feature-image";

// Shared by create, update, evidence and revisions: the rows a draft's inputs become, and its metadataURI.

export type EvidenceInput = Omit<MetadataInput["evidence"][number], never>;
export type ContributorInput = MetadataInput["contributors"][number];

export const evidenceFromBody = (items: TEvidenceItem[]): EvidenceInput[] =>
  items.map((item) => ({ uri: item.uri, contentHash: item.contentHash, evidenceType: item.evidenceType, mimeType: item.mimeType, isPrimary: item.isPrimary, label: item.label }));

export const evidenceFromRows = (rows: EvidenceRow[]): EvidenceInput[] =>
  rows.map((row) => ({ uri: row.uri, contentHash: row.content_hash, evidenceType: row.evidence_type, mimeType: row.mime_type, isPrimary: row.is_primary === 1, label: row.label }));

export const contributorsFromBody = (items: TContributorItem[]): ContributorInput[] =>
  items.map((item) => ({ wallet: item.wallet, displayName: item.displayName, role: item.role, contributionType: item.contributionType, shareBps: item.shareBps, attributionURI: item.attributionURI ?? null }));

export const contributorsFromRows = (rows: ContributorRow[]): ContributorInput[] =>
  rows.map((row) => ({ wallet: row.wallet, displayName: row.display_name, role: row.role, contributionType: row.contribution_type, shareBps: row.share_bps, attributionURI: row.attribution_uri }));

/** Without a contributors list the author alone holds the whole share, under the lowest author role they hold. */
export const defaultContributors = (author: Address, authorRoles: number[]): ContributorInput[] => [
  { wallet: author, displayName: author, role: lowestAuthorRole(authorRoles), contributionType: "author", shareBps: 10_000, attributionURI: null },
];

export const evidenceRows = (capsuleId: number, items: EvidenceInput[], by: string, at: number): NewEvidence[] =>
  items.map((item) => ({
    capsule_id: capsuleId,
    uri: item.uri,
    content_hash: item.contentHash,
    evidence_type: item.evidenceType,
    mime_type: item.mimeType,
    is_primary: item.isPrimary ? 1 : 0,
    label: item.label,
    submitted_by: by,
    active: 1,
    created_at: at,
  }));

export const contributorRows = (capsuleId: number, items: ContributorInput[], at: number): NewContributor[] =>
  items.map((item) => ({
    capsule_id: capsuleId,
    wallet: item.wallet,
    display_name: item.displayName,
    role: item.role,
    contribution_type: item.contributionType,
    share_bps: item.shareBps,
    attribution_uri: item.attributionURI,
    active: 1,
    created_at: at,
  }));

/**
 * The stored form of a draft's feature image: the vault must hold an image under that hash (its MIME
 * type is the one the vault sniffed). null clears it; undefined leaves it as it was.
 */
export async function featureImageColumn(db: DbOrTrx, input: TFeatureImageInput | null | undefined): Promise<string | null | undefined> {
  if (input === undefined || input === null) return input;
  const object = await findVaultObject(db, input.contentHash.slice(2));
  const refuse = (message: string) => new AppError("VALIDATION_ERROR", "Invalid body: featureImage.contentHash", { issues: [{ path: "featureImage.contentHash", message }] });
  if (!object) throw refuse("no file in the vault has this SHA-256: upload the image first");
  if (!(FEATURE_IMAGE_TYPES as readonly string[]).includes(object.mime_type)) throw refuse(`the vault holds this file as ${object.mime_type}, not as a PNG, JPEG, WebP or GIF image`);
  const image: FeatureImage = { contentHash: input.contentHash, mimeType: object.mime_type, alt: input.alt };
  return JSON.stringify(image);
}

/**
 * Evidence items as stored: an item whose address is a vault object must name that object's own
 * SHA-256 (its id) as its contentHash, and takes the MIME type the vault sniffed, so a page cannot show
 * a made-up hash or type beside a link to another file, nor commit one to the chain. `at`: where the
 * items sit in the body ("evidence" for a list, "" for one item at the top).
 */
export async function vaultEvidenceChecked(db: DbOrTrx, items: TEvidenceItem[], at: string): Promise<TEvidenceItem[]> {
  const checked: TEvidenceItem[] = [];
  for (const [index, item] of items.entries()) {
    const objectId = vaultObjectIdOf(item.uri);
    if (objectId === undefined) {
      checked.push(item);
      continue;
    }
    const field = (name: string) => [at, at ? String(index) : "", name].filter(Boolean).join(".");
    const refuse = (name: string, message: string) => new AppError("VALIDATION_ERROR", `Invalid body: ${field(name)}`, { issues: [{ path: field(name), message }] });
    const object = await findVaultObject(db, objectId);
    if (!object) throw refuse("uri", "no file in the vault has this address: upload the file first");
    if (item.contentHash.toLowerCase() !== `0x${objectId}`) throw refuse("contentHash", `the vault file at this address has SHA-256 0x${objectId}, not the contentHash given`);
    checked.push({ ...item, contentHash: `0x${objectId}`, mimeType: object.mime_type });
  }
  return checked;
}

type MetadataFields = Pick<
  CapsuleRow,
  "outlet_slug" | "article_slug" | "title" | "subtitle" | "summary" | "language" | "category" | "tags_json" | "source_url" | "rights_notes" | "submitter" | "capsule_type" | "content_hash" | "parent_capsule_id" | "revision_reason"
> & { feature_image_json?: string | null };

export function metadataUriFor(fields: MetadataFields, evidence: EvidenceInput[], contributors: ContributorInput[]): string {
  return capsuleMetadataUri({
    outletSlug: fields.outlet_slug,
    articleSlug: fields.article_slug,
    title: fields.title,
    subtitle: fields.subtitle,
    summary: fields.summary,
    language: fields.language,
    category: fields.category,
    tags: JSON.parse(fields.tags_json) as string[],
    sourceUrl: fields.source_url,
    rightsNotes: fields.rights_notes,
    author: fields.submitter,
    capsuleType: fields.capsule_type,
    contentHash: fields.content_hash,
    parentCapsuleId: fields.parent_capsule_id,
    revisionReason: fields.revision_reason,
    evidence,
    contributors,
    featureImage: parseFeatureImage(fields.feature_image_json),
  });
}

/**
 * Refuses supporting ids that name no capsule (or the capsule itself), naming each bad entry. A
 * capsule the writer may not read (another's draft) names no capsule either.
 */
export async function checkSupportingIds(db: DbOrTrx, wallet: Address, ids: number[], self?: number): Promise<number[]> {
  const unique = [...new Set(ids)];
  const viewer = unique.length === 0 ? undefined : await viewerOf(db, wallet);
  const found = new Set((await findCapsulesByIds(db, unique)).filter((row) => canSee(row, viewer)).map((row) => row.id));
  const issues = ids.flatMap((id, index) => {
    if (id === self) return [{ path: `supportingCapsules.${index}`, message: "a capsule cannot support itself" }];
    if (!found.has(id)) return [{ path: `supportingCapsules.${index}`, message: `no capsule with id ${id}` }];
    return [];
  });
  if (issues.length > 0) throw new AppError("VALIDATION_ERROR", `Invalid body: ${issues.map((i) => i.path).join(", ")}`, { issues });
  return unique;
}
