import { createHash } from "node:crypto";
import { createPublicClient, decodeEventLog, getAddress, http, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { capsuleFinalizedTopic, REGISTRY_STATUS_FINALIZED, ZCapsuleProofResponse, type TCapsuleProof } from "./capsule-proof";

// The checks of `npm run verify`: the bridge supplies the text and the proof's coordinates; every
// fact is then read from the node the reader chose. Nothing here trusts the bridge's answers beyond
// using them as the claim to check.

export type Check = { name: string; ok: boolean; detail: string };

const sha256Utf8 = (text: string): Hex => `0x${createHash("sha256").update(text, "utf8").digest("hex")}`;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function fetchProofAndBody(bridge: string, capsuleId: string): Promise<{ proof: TCapsuleProof; body: string }> {
  const base = bridge.replace(/\/$/, "");
  const proofRes = await fetch(`${base}/api/capsules/${capsuleId}/proof`);
  const proofJson: unknown = await proofRes.json();
  if (!proofRes.ok) throw new Error(`the bridge answered ${proofRes.status} for the proof: ${JSON.stringify(proofJson)}`);
  const readRes = await fetch(`${base}/api/capsules/${capsuleId}`);
  const read = (await readRes.json()) as { content?: { body?: unknown } };
  if (!readRes.ok || typeof read.content?.body !== "string") throw new Error(`the bridge answered ${readRes.status} for the text`);
  return { proof: ZCapsuleProofResponse.parse(proofJson), body: read.content.body };
}

export async function verifyProof(capsuleId: string, proof: TCapsuleProof, body: string, rpcUrl: string, pinnedRegistry?: string): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 15_000 }) });

  const bodyHash = sha256Utf8(body);
  add("text", same(bodyHash, proof.contentHash), `SHA-256 of the text is ${bodyHash}; the proof says ${proof.contentHash}`);
  if (pinnedRegistry) add("registry", same(pinnedRegistry, proof.contractAddress), `the proof names ${proof.contractAddress}; you pinned ${pinnedRegistry}`);

  const chainId = await client.getChainId();
  add("chain", chainId === proof.chainId, `the node serves chain ${chainId}; the proof is for chain ${proof.chainId}`);

  const receipt = await client.getTransactionReceipt({ hash: proof.transactionHash as Hex }).catch(() => undefined);
  if (!receipt) {
    add("transaction", false, `the node knows no transaction ${proof.transactionHash}`);
    return checks;
  }
  add("transaction", receipt.status === "success", `transaction ${proof.transactionHash} ${receipt.status === "success" ? "succeeded" : "reverted"}`);
  add("block", receipt.blockNumber.toString() === proof.blockNumber && same(receipt.blockHash, proof.blockHash), `the node has it in block ${receipt.blockNumber} (${receipt.blockHash}); the proof says block ${proof.blockNumber} (${proof.blockHash})`);

  const log = receipt.logs.find((l) => l.logIndex === proof.logIndex);
  let eventOk = false;
  let detail = `no log with index ${proof.logIndex} in that transaction`;
  if (log) {
    const fromContract = same(log.address, proof.contractAddress);
    const isFinalized = same(log.topics[0] ?? "", capsuleFinalizedTopic);
    const decoded = isFinalized ? decodeEventLog({ abi: articleRegistryAbi, data: log.data, topics: log.topics }) : undefined;
    const args = decoded?.eventName === "CapsuleFinalized" ? decoded.args : undefined;
    eventOk = fromContract && Boolean(args) && args?.capsuleId === BigInt(capsuleId) && args?.articleId.toString() === proof.articleId;
    detail = args
      ? `log ${proof.logIndex} from ${getAddress(log.address)}: CapsuleFinalized(capsuleId ${args.capsuleId}, articleId ${args.articleId})`
      : `log ${proof.logIndex} from ${getAddress(log.address)} is not a CapsuleFinalized event`;
  }
  add("event", eventOk, detail);

  const onChain = await client
    .readContract({ address: getAddress(proof.contractAddress), abi: articleRegistryAbi, functionName: "capsules", args: [BigInt(capsuleId)], blockNumber: BigInt(proof.blockNumber) })
    .catch(() => undefined);
  if (!onChain) add("stored hash", false, `capsules(${capsuleId}) could not be read at block ${proof.blockNumber}`);
  else {
    const [, , storedHash, , status] = onChain;
    add("stored hash", same(storedHash, bodyHash) && status === REGISTRY_STATUS_FINALIZED, `at block ${proof.blockNumber} the registry stores content hash ${storedHash} with status ${status} (2 = Finalized)`);
  }
  return checks;
}
