import { metadataUriOf } from "./content-id";
import type { FeatureImage } from "./feature-image";

// The canonical metadata document of a capsule; its CIDv1 is the capsule's metadataURI.
// It commits to everything but the body (which contentHash commits to).

export type MetadataInput = {
  outletSlug: string;
  articleSlug: string;
  title: string;
  subtitle: string | null;
  summary: string | null;
  language: string;
  category: string | null;
  tags: string[];
  sourceUrl: string | null;
  rightsNotes: string | null;
  author: string;
  capsuleType: string;
  contentHash: string;
  parentCapsuleId: number | null;
  revisionReason: string | null;
  evidence: Array<{ uri: string; contentHash: string; evidenceType: string; mimeType: string; isPrimary: boolean; label: string }>;
  contributors: Array<{ wallet: string; displayName: string; role: number; contributionType: string; shareBps: number; attributionURI: string | null }>;
  /** Left out of the document when the article has none, so documents made before feature images keep their CIDs. */
  featureImage?: FeatureImage | null;
};

export function capsuleMetadata({ featureImage, ...input }: MetadataInput) {
  return {
    schema: "capsule-metadata/1",
    contentType: "article",
    ...input,
    ...(featureImage ? { featureImage } : {}),
    parentCapsuleId: input.parentCapsuleId === null ? null : String(input.parentCapsuleId),
  };
}

export const capsuleMetadataUri = (input: MetadataInput): string => metadataUriOf(capsuleMetadata(input));
