import { describe, expect, it } from "vitest";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { verifyEvidenceProof } from "@/features/reader/evidence-proof";
import { cidV1Raw, sha256Hex } from "./content-id";
import { canonicalText, claimsCiting, EVIDENCE_LEAF_ENCODING, MANIFEST_SCHEMA, sealManifest, ZERO_ROOT, type CapsuleManifest } from "./manifest";

const evidence = (n: number) => ({
  uri: `https://example.org/file-${n}.pdf`,
  contentHash: `0x${String(n).repeat(64).slice(0, 64)}`,
  evidenceType: "document",
  mimeType: "application/pdf",
  isPrimary: n === 1,
  label: `File ${n} – “é”`,
});

const manifest = (items = [evidence(1), evidence(2), evidence(3)]): CapsuleManifest => ({
  schema: MANIFEST_SCHEMA,
  capsuleId: "7",
  outletSlug: "harbour-desk",
  capsuleType: "original",
  parentCapsuleId: null,
  contentHash: `0x${"ab".repeat(32)}`,
  title: "Harbour fees",
  claims: [
    { ordinal: 1, exact: "fees rose 12%", prefix: "", suffix: "", claimType: "statistic", evidence: [0, 2], note: null },
    { ordinal: 2, exact: "the mayor said", prefix: "", suffix: "", claimType: "quote", evidence: [2], note: "on tape" },
  ],
  evidence: items,
  contributors: [{ wallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", role: 1, contributionType: "author", shareBps: 10000 }],
  supporting: [{ capsuleId: "3", relationshipType: "cites" }],
  correctsClaims: [],
});

describe("the capsule manifest", () => {
  it("is RFC 8785 canonical JSON: sorted keys, no whitespace, numbers and strings in JCS form", () => {
    expect(canonicalText({ b: 1, a: [3, { d: 1e21, c: "é\u2028" }] })).toBe('{"a":[3,{"c":"é\u2028","d":1e+21}],"b":1}');
    const sealed = sealManifest(manifest());
    const text = new TextDecoder().decode(sealed.bytes);
    expect(text.startsWith('{"capsuleId":"7","capsuleType":"original","claims":[')).toBe(true);
    expect(JSON.parse(text)).toEqual(manifest());
  });

  it("hashes its exact bytes, and the metadataURI is the CID of the same bytes", () => {
    const sealed = sealManifest(manifest());
    expect(sealed.manifestHash).toBe(sha256Hex(sealed.bytes));
    expect(sealed.uri).toBe(`ipfs://${cidV1Raw(sealed.bytes)}`);
    // the same document built with keys in another order seals to the same bytes
    const reordered = Object.fromEntries(Object.entries(manifest()).reverse()) as CapsuleManifest;
    expect(sealManifest(reordered).manifestHash).toBe(sealed.manifestHash);
    expect(sealManifest({ ...manifest(), title: "Harbour fees!" }).manifestHash).not.toBe(sealed.manifestHash);
  });

  it("proves each evidence item alone against the root, as OpenZeppelin's tree does", () => {
    const sealed = sealManifest(manifest());
    expect(sealed.evidenceRoot).not.toBe(ZERO_ROOT);
    for (const { leaf, proof } of sealed.proofs) {
      expect(StandardMerkleTree.verify(sealed.evidenceRoot, [...EVIDENCE_LEAF_ENCODING], leaf, proof)).toBe(true);
      expect(verifyEvidenceProof(sealed.evidenceRoot, leaf, proof)).toBe(true);
    }
    const [first] = sealed.proofs;
    const tampered: [string, string, string] = [first!.leaf[0], `0x${"99".repeat(32)}`, first!.leaf[2]];
    expect(verifyEvidenceProof(sealed.evidenceRoot, tampered, first!.proof)).toBe(false);
    expect(verifyEvidenceProof(sealed.evidenceRoot, sealed.proofs[1]!.leaf, first!.proof)).toBe(false);
  });

  it("has a zero root without evidence, and a one-item tree proves with an empty proof", () => {
    expect(sealManifest(manifest([])).evidenceRoot).toBe(ZERO_ROOT);
    const one = sealManifest(manifest([evidence(4)]));
    expect(one.proofs[0]!.proof).toEqual([]);
    expect(verifyEvidenceProof(one.evidenceRoot, one.proofs[0]!.leaf, [])).toBe(true);
  });

  it("says which claims cite an item", () => {
    expect(claimsCiting(manifest(), 0)).toEqual([1]);
    expect(claimsCiting(manifest(), 2)).toEqual([1, 2]);
    expect(claimsCiting(manifest(), 1)).toEqual([]);
  });
});
