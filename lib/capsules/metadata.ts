import { metadataUriOf } from "./content-id";

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
};

export function capsuleMetadata(input: MetadataInput) {
  return {
    schema: "capsule-metadata/1",
    contentType: "article",
    ...input,
    parentCapsuleId: input.parentCapsuleId === null ? null : String(input.parentCapsuleId),
  };
}

export const capsuleMetadataUri = (input: MetadataInput): string => metadataUriOf(capsuleMetadata(input));
