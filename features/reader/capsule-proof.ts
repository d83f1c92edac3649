import { z } from "zod";
import { toEventSelector, type AbiEvent, type AbiFunction } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { ZLabelProof } from "./label-basis";

// What it takes to check a finalized article against any node (GET /api/capsules/:id/proof and
// `npm run verify`). Shared by the route, the verify script and the reader's verification widget.

export const capsuleFinalizedEvent = articleRegistryAbi.find((item) => item.type === "event" && item.name === "CapsuleFinalized") as AbiEvent;
export const commitmentGetter = articleRegistryAbi.find((item) => item.type === "function" && item.name === "commitmentOf") as AbiFunction;
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
  manifest: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: "The manifest the editors voted on (capsule-manifest/1); its RFC 8785 canonical JSON hashes to manifestHash. null for capsules submitted before manifests were committed" }),
  manifestHash: hex32.nullable().meta({ description: "SHA-256 of the manifest's canonical bytes; ArticleRegistry.commitmentOf(id) returns it" }),
  manifestHashAlgorithm: z.literal("sha256-rfc8785-json"),
  manifestURI: z.string().nullable().meta({ description: "ipfs://<CIDv1> of the manifest bytes: the capsule's metadataURI" }),
  manifestUrl: z.string().nullable().meta({ description: "Where this site serves those exact bytes (GET /api/vault/<CID>)" }),
  evidenceRoot: hex32.nullable().meta({ description: "OpenZeppelin standard Merkle root over the evidence items; commitmentOf(id) returns it (zero when none)" }),
  commitmentGetter: z.object({ name: z.literal("commitmentOf"), abi: z.unknown() }),
  evidenceLeafEncoding: z.array(z.string()),
  evidence: z.array(
    z.object({
      index: z.number().int().min(0),
      leaf: z.tuple([z.string(), hex32, hex32]).meta({ description: "[position, the file's SHA-256, SHA-256 of the item's canonical JSON]" }),
      proof: z.array(hex32),
      uri: z.string(),
      label: z.string(),
      contentHash: hex32,
      claims: z.array(z.number().int()).meta({ description: "Ordinals of the manifest's claims this item supports" }),
    }),
  ),
  label: ZLabelProof,
});
export type TCapsuleProof = z.infer<typeof ZCapsuleProofResponse>;

export const eventSignature = `CapsuleFinalized(${(capsuleFinalizedEvent.inputs ?? []).map((input) => input.type).join(",")})`;
