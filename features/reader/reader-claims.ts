import "server-only";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { claimsCiting, type ManifestEvidence } from "@/features/capsules/manifest";
import { committedManifest, splitEvidence } from "@/features/capsules/manifest-service";
import { isPublished } from "./reader-chain";

// What /read/:id shows of a version's claims beyond the claims themselves (issue 27 items 4 and 7):
// which evidence the editors voted on (the manifest committed on chain) and which was added after
// publication, the manifest's claim → evidence links, and the later corrections naming its claims.

export type ReaderManifest = {
  manifestHash: string;
  evidenceRoot: string;
  /** Evidence ids of the voted manifest, in manifest order, each with the claim ordinals it supports. */
  voted: Array<{ evidenceId: string; claims: number[] }>;
  /** Evidence ids added after publication: not part of the voted manifest. */
  later: string[];
  /** This site's address of the manifest's bytes (GET /api/vault/<CID>). */
  manifestUrl: string;
  /** Per manifest evidence item: its Merkle leaf and proof, for the reader's Verify. */
  proofs: Array<{ index: number; leaf: [string, string, string]; proof: string[]; label: string; uri: string; claims: number[] }>;
};

export type ClaimCorrection = { claimId: string; ordinal: number; capsuleId: string; revisionNumber: number; capsuleType: string };

const itemOf = (e: TCapsuleResponse["evidence"][number]): ManifestEvidence => ({
  uri: e.uri,
  contentHash: e.contentHash.toLowerCase(),
  evidenceType: e.evidenceType,
  mimeType: e.mimeType,
  isPrimary: e.isPrimary,
  label: e.label,
});

export async function readerManifest(row: CapsuleRow, read: TCapsuleResponse): Promise<ReaderManifest | null> {
  const sealed = await committedManifest(row);
  if (!sealed) return null;
  const { voted, later } = splitEvidence(read.evidence.filter((e) => e.active), sealed.manifest, itemOf);
  return {
    manifestHash: sealed.manifestHash,
    evidenceRoot: sealed.evidenceRoot,
    voted: voted.map(({ row: e, index }) => ({ evidenceId: e.evidenceId, claims: claimsCiting(sealed.manifest, index) })),
    later: later.map((e) => e.evidenceId),
    manifestUrl: `/api/vault/${sealed.uri.replace("ipfs://", "")}`,
    proofs: sealed.proofs.map(({ index, leaf, proof }) => ({
      index,
      leaf,
      proof,
      label: sealed.manifest.evidence[index]!.label,
      uri: sealed.manifest.evidence[index]!.uri,
      claims: claimsCiting(sealed.manifest, index),
    })),
  };
}

/** Published corrections (or retractions) of this version that name its claims: "claim N corrected in revision R". */
export function claimCorrections(row: CapsuleRow, chain: CapsuleRow[], read: TCapsuleResponse): ClaimCorrection[] {
  const ordinals = new Map(read.claims.map((claim) => [claim.claimId, claim.ordinal]));
  return chain
    .filter((c) => c.parent_capsule_id === row.id && isPublished(c))
    .flatMap((c) =>
      (JSON.parse(c.corrects_claims_json) as number[]).flatMap((id) => {
        const ordinal = ordinals.get(String(id));
        return ordinal === undefined ? [] : [{ claimId: String(id), ordinal, capsuleId: String(c.id), revisionNumber: c.revision_number, capsuleType: c.capsule_type }];
      }),
    );
}
