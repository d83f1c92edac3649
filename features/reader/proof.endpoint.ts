import { ZCapsuleProofResponse } from "@/features/reader/capsule-proof";
import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/proof
export const capsuleProof = defineEndpoint({
  id: "capsules.proof",
  method: "GET",
  path: "/api/capsules/:id/proof",
  summary: "Everything needed to check a finalized capsule against any node: content hash, transaction, block, log, contract, chain id and event ABI",
  description:
    "Re-hash the body of GET /api/capsules/:id (SHA-256 of its UTF-8 bytes), then ask any node for eth_getTransactionReceipt(transactionHash): the log at logIndex must come from contractAddress with topic0 and capsuleId, in blockNumber/blockHash; eth_call capsules(capsuleId) at that block must return the same contentHash with status Finalized. The RFC 8785 bytes of `manifest` must hash (SHA-256) to commitmentOf(capsuleId)'s manifestHash, and each evidence item's leaf and proof reach its evidenceRoot (OpenZeppelin StandardMerkleTree). `label` is the integrity label readers see and the JuryCourt or ArticleRegistry log it follows from; no later JuryCourt CaseOpened/CaseFinal on `label.chainCapsuleIds` may change it. `npm run verify -- <capsuleId> --rpc <url>` does exactly this.",
  privateDrafts: { capsuleParam: "id" },
  params: ZCapsuleIdParams,
  response: ZCapsuleProofResponse,
  rateLimit: ["public-get"],
  errors: ["CAPSULE_NOT_FOUND", "INVALID_STATE", "MISDIRECTED_REQUEST"],
  example: { params: { id: "1" } },
});
