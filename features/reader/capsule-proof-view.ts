import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { AppError } from "@/lib/errors/app-error";
import { claimsCiting, EVIDENCE_LEAF_ENCODING } from "@/features/capsules/manifest";
import { committedManifest } from "@/features/capsules/manifest-service";
import { capsuleFinalizedEvent, capsuleFinalizedTopic, capsulesGetter, commitmentGetter, eventSignature, ZCapsuleProofResponse, type TCapsuleProof } from "@/features/reader/capsule-proof";
import { isPublished } from "./reader-chain";
import { neverOnChain } from "@/features/capsules/never-on-chain";
import { finalizedEventsOfTx } from "@/features/reader/reader.repository";
import { labelProof } from "./label-proof";

/** GET /api/capsules/:id/proof — the indexed CapsuleFinalized log of a published capsule. */
export async function capsuleProof(db: DbOrTrx, id: number, origin: string): Promise<TCapsuleProof> {
  const row = await getCapsuleOrThrow(db, id);
  if (neverOnChain(row)) throw new AppError("CAPSULE_NOT_FOUND", `No capsule with id ${id}`); // private for ever: a missing id
  if (!isPublished(row) || !row.finalize_tx_hash) {
    throw new AppError("INVALID_STATE", `Capsule ${id} is ${row.status}; only a capsule finalized on chain has a proof`);
  }
  const events = await finalizedEventsOfTx(db, row.finalize_tx_hash);
  const event = events.find((e) => String((JSON.parse(e.args_json) as { capsuleId?: unknown }).capsuleId) === String(id));
  if (!event) throw new AppError("INVALID_STATE", `The finalization of capsule ${id} is not indexed yet; try again in a few seconds`);
  const sealed = await committedManifest(row);
  const cid = sealed?.uri.replace("ipfs://", "");
  return ZCapsuleProofResponse.parse({
    ok: true,
    capsuleId: String(id),
    articleId: row.finalized_article_id ?? "0",
    contentHash: row.content_hash,
    contentHashAlgorithm: "sha256-utf8-body",
    chainId: Number(event.chain_id),
    contractAddress: event.address,
    transactionHash: event.tx_hash,
    blockNumber: String(event.block_number),
    blockHash: event.block_hash,
    logIndex: Number(event.log_index),
    event: { name: "CapsuleFinalized", signature: eventSignature, topic0: capsuleFinalizedTopic, abi: capsuleFinalizedEvent },
    contentGetter: { name: "capsules", abi: capsulesGetter },
    bodyUrl: `${origin}/api/capsules/${id}`,
    manifest: sealed?.manifest ?? null,
    manifestHash: sealed?.manifestHash ?? row.manifest_hash,
    manifestHashAlgorithm: "sha256-rfc8785-json",
    manifestURI: sealed?.uri ?? null,
    manifestUrl: cid ? `${origin}/api/vault/${cid}` : null,
    evidenceRoot: row.evidence_root,
    commitmentGetter: { name: "commitmentOf", abi: commitmentGetter },
    evidenceLeafEncoding: [...EVIDENCE_LEAF_ENCODING],
    evidence: (sealed?.proofs ?? []).map(({ index, leaf, proof }) => {
      const item = sealed!.manifest.evidence[index]!;
      return { index, leaf, proof, uri: item.uri, label: item.label, contentHash: item.contentHash, claims: claimsCiting(sealed!.manifest, index) };
    }),
    label: await labelProof(db, row),
  });
}
