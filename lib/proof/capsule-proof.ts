import { z } from "zod";
import { toEventSelector, type AbiEvent, type AbiFunction } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";

// What it takes to check a finalized article against any node (GET /api/capsules/:id/proof and
// `npm run verify`). Shared by the route, the verify script and the reader's verification widget.

export const capsuleFinalizedEvent = articleRegistryAbi.find((item) => item.type === "event" && item.name === "CapsuleFinalized") as AbiEvent;
export const capsulesGetter = articleRegistryAbi.find((item) => item.type === "function" && item.name === "capsules") as AbiFunction;
export const capsuleFinalizedTopic = toEventSelector(capsuleFinalizedEvent);
/** ArticleRegistry.Status: None, Pending, Finalized, Rejected, Superseded. */
export const REGISTRY_STATUS_FINALIZED = 2;

const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const ZCapsuleProofResponse = z.object({
  ok: z.literal(true),
  capsuleId: z.string(),
  articleId: z.string(),
  contentHash: hex32.meta({ description: "SHA-256 of the article body (UTF-8), 0x-hex; also stored on chain in ArticleRegistry.capsules(id).contentHash" }),
  contentHashAlgorithm: z.literal("sha256-utf8-body"),
  chainId: z.number().int(),
  contractAddress: address.meta({ description: "The ArticleRegistry contract that emitted the event" }),
  transactionHash: hex32,
  blockNumber: z.string().regex(/^\d+$/),
  blockHash: hex32,
  logIndex: z.number().int().min(0),
  event: z.object({ name: z.literal("CapsuleFinalized"), signature: z.string(), topic0: hex32, abi: z.unknown() }),
  contentGetter: z.object({ name: z.literal("capsules"), abi: z.unknown() }),
  bodyUrl: z.string().meta({ description: "Where the text is served (GET /api/capsules/:id); the only thing a verifier takes from this site" }),
});
export type TCapsuleProof = z.infer<typeof ZCapsuleProofResponse>;

export const eventSignature = `CapsuleFinalized(${(capsuleFinalizedEvent.inputs ?? []).map((input) => input.type).join(",")})`;
