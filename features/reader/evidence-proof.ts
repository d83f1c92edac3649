import { concat, encodeAbiParameters, keccak256, type Hex } from "viem";

// Checks one evidence item against the evidence root committed on chain, the way OpenZeppelin's
// StandardMerkleTree and MerkleProof.verify do (double-hashed leaf, sorted pairs). viem's helpers only,
// so the reader's widget can run it in the browser without the tree library.

/** The leaf hash of [index, file SHA-256, item SHA-256] (features/capsules/manifest.ts, EVIDENCE_LEAF_ENCODING). */
export function evidenceLeafHash(leaf: readonly [string, string, string]): Hex {
  const encoded = encodeAbiParameters([{ type: "uint256" }, { type: "bytes32" }, { type: "bytes32" }], [BigInt(leaf[0]), leaf[1] as Hex, leaf[2] as Hex]);
  return keccak256(keccak256(encoded));
}

const hashPair = (a: Hex, b: Hex): Hex => (BigInt(a) < BigInt(b) ? keccak256(concat([a, b])) : keccak256(concat([b, a])));

export function verifyEvidenceProof(root: string, leaf: readonly [string, string, string], proof: readonly string[]): boolean {
  const computed = proof.reduce<Hex>((node, sibling) => hashPair(node, sibling as Hex), evidenceLeafHash(leaf));
  return computed.toLowerCase() === root.toLowerCase();
}
