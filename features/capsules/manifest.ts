import canonicalize from "canonicalize";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { cidV1Raw, sha256Hex } from "./content-id";
import type { FeatureImage } from "./feature-image";

// The manifest of a submitted capsule (issue 27): what the editors vote on beyond the body. Its RFC 8785
// canonical JSON bytes are stored in the vault; their SHA-256 (manifestHash) and the Merkle root over its
// evidence items (evidenceRoot) go on chain with the submission, and their CIDv1 is the metadataURI.
// Claims name their evidence by position in `evidence`, so the document stands alone.

export const MANIFEST_SCHEMA = "capsule-manifest/1";

export type ManifestEvidence = { uri: string; contentHash: string; evidenceType: string; mimeType: string; isPrimary: boolean; label: string };
export type ManifestClaim = { ordinal: number; exact: string; prefix: string; suffix: string; claimType: string; evidence: number[]; note: string | null };

export type CapsuleManifest = {
  schema: typeof MANIFEST_SCHEMA;
  capsuleId: string;
  outletSlug: string;
  capsuleType: string;
  parentCapsuleId: string | null;
  contentHash: string;
  title: string;
  claims: ManifestClaim[];
  evidence: ManifestEvidence[];
  contributors: Array<{ wallet: string; role: number; contributionType: string; shareBps: number }>;
  supporting: Array<{ capsuleId: string; relationshipType: string }>;
  /** A correction's or retraction's list of the parent's claim ordinals it corrects (empty otherwise). */
  correctsClaims: number[];
  /** The feature image's SHA-256, type and alt text; absent (not null) when the article has none, so earlier manifests keep their hashes. */
  featureImage?: FeatureImage;
};

/** Leaf of the evidence tree: [position in the manifest, the file's SHA-256, SHA-256 of the item's canonical JSON]. */
export const EVIDENCE_LEAF_ENCODING = ["uint256", "bytes32", "bytes32"] as const;
export type EvidenceLeaf = [string, string, string];
export const ZERO_ROOT = `0x${"00".repeat(32)}` as const;

/** RFC 8785 (JCS) text of a JSON value. */
export function canonicalText(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error("the value has no JSON form");
  return text;
}

export const canonicalBytes = (value: unknown): Uint8Array => new TextEncoder().encode(canonicalText(value));

export const evidenceItemHash = (item: ManifestEvidence): `0x${string}` => sha256Hex(canonicalBytes(item));

export const evidenceLeaf = (item: ManifestEvidence, index: number): EvidenceLeaf => [String(index), item.contentHash.toLowerCase(), evidenceItemHash(item)];

export function evidenceTree(evidence: ManifestEvidence[]): StandardMerkleTree<EvidenceLeaf> | undefined {
  if (evidence.length === 0) return undefined;
  return StandardMerkleTree.of(evidence.map(evidenceLeaf), [...EVIDENCE_LEAF_ENCODING]);
}

export type SealedManifest = {
  manifest: CapsuleManifest;
  bytes: Uint8Array;
  manifestHash: `0x${string}`;
  evidenceRoot: `0x${string}`;
  /** ipfs://<CIDv1 raw sha2-256> of the bytes: the capsule's metadataURI once submitted. */
  uri: string;
  /** Per evidence item, in manifest order: its leaf and its proof against evidenceRoot. */
  proofs: Array<{ index: number; leaf: EvidenceLeaf; proof: string[] }>;
};

export function sealManifest(manifest: CapsuleManifest): SealedManifest {
  const bytes = canonicalBytes(manifest);
  const tree = evidenceTree(manifest.evidence);
  const proofs = manifest.evidence.map((item, index) => {
    const leaf = evidenceLeaf(item, index);
    return { index, leaf, proof: tree ? tree.getProof(leaf) : [] };
  });
  return { manifest, bytes, manifestHash: sha256Hex(bytes), evidenceRoot: (tree?.root as `0x${string}` | undefined) ?? ZERO_ROOT, uri: `ipfs://${cidV1Raw(bytes)}`, proofs };
}

/** The claims (ordinals) that cite the evidence item at `index`. */
export const claimsCiting = (manifest: Pick<CapsuleManifest, "claims">, index: number): number[] =>
  manifest.claims.filter((claim) => claim.evidence.includes(index)).map((claim) => claim.ordinal);
