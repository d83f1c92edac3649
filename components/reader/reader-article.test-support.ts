import type { ReaderArticle } from "@/features/reader/reader-article";

// A finalized article as the reader's page receives it (capsule 7 at "harbour-desk", no claims, evidence, case or
// related articles), for tests that render the page's markup; each test puts in the parts it is about.

export const READER_ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

type ReadParts = { outletName: string; content: Record<string, unknown>; evidence: unknown[]; contributors: unknown[]; claims: unknown[] };
type PageParts = { courtRecord: unknown[]; related: unknown[] };

export function readerArticle(parts: Partial<ReadParts> & Partial<PageParts> = {}): ReaderArticle {
  const outletName = parts.outletName ?? "Harbour Desk";
  const content = { title: "Harbour", subtitle: "", summary: "", body: "The harbour reopens.", language: "en", tags: [], category: null, featureImage: null, ...parts.content };
  const read = {
    capsuleId: "7",
    capsule: {
      id: "7", outletSlug: "harbour-desk", articleSlug: "x", title: content.title, metadataURI: "ipfs://x", contentHash: `0x${"ab".repeat(32)}`, submitter: READER_ADDRESS,
      status: "finalized", capsuleType: "original", policyId: "default", trustedPublisherAtSubmit: false, yesVotes: "1", noVotes: "0", weightedYes: "1", weightedNo: "0",
      weightedParticipation: "1", opensAt: "1900000000", closesAt: "1900003600", acceptedAt: "1900003600", finalizedAt: "1900003700", finalizedArticleId: "1",
      rootCapsuleId: null, parentCapsuleId: null, revisionNumber: 0, finalizedBy: READER_ADDRESS, integrityLabel: "clean", eligibleWeight: "1", snapshotBlock: "1",
      finalizeTxHash: `0x${"cd".repeat(32)}`,
    },
    outlet: { outletSlug: "harbour-desk", outletName },
    content,
    evidence: parts.evidence ?? [],
    contributors: parts.contributors ?? [],
    claims: parts.claims ?? [],
    revision: { revisionReason: null },
  };
  return {
    read, outletName, currentId: "7", firstPublishedAt: "1900003700", currentType: "original", underVote: null, courtCase: null, courtRecord: parts.courtRecord ?? [],
    whatChanged: null, related: parts.related ?? [], manifest: null, unservedManifestHash: null, claimCorrections: [], correctsClaims: null, votes: { items: [], total: 0 },
  } as unknown as ReaderArticle;
}
