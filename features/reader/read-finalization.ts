import { decodeFunctionResult, encodeFunctionData, parseEventLogs, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi/article-registry";

// The reader widget's check, run in the browser against the node the reader chose: two plain
// JSON-RPC calls (fetch) and viem's ABI helpers only — no viem client or chain object, so the
// article page's JavaScript stays small. The same facts as `npm run verify` (verify-proof.ts).

export type Commitment = { manifestHash: Hex; evidenceRoot: Hex };
/** What the registry's `capsules(id)` holds of the capsule's place: its outlet, submitter and the version it revises (0: none). */
export type RegistryRecord = { outletSlug: string; submitter: Hex; parentCapsuleId: bigint };
export type FinalizationFacts = { blockNumber: bigint; success: boolean; recorded: boolean; storedHash: Hex; record: RegistryRecord; commitment: Commitment | null };

type RpcLog = { address: Hex; topics: [Hex, ...Hex[]] | []; data: Hex; blockNumber: Hex | null; logIndex: Hex | null; transactionHash: Hex | null; transactionIndex: Hex | null; blockHash: Hex | null; removed: boolean };
type RpcReceipt = { status: Hex; blockNumber: Hex; logs: RpcLog[] };

const isHex = (value: unknown): value is Hex => typeof value === "string" && /^0x[0-9a-fA-F]*$/.test(value);

function asReceipt(value: unknown): RpcReceipt {
  const r = value as Partial<RpcReceipt> | null;
  if (!r || !isHex(r.status) || !isHex(r.blockNumber) || !Array.isArray(r.logs)) throw new Error("the node has no receipt for this transaction");
  return { status: r.status, blockNumber: r.blockNumber, logs: r.logs.filter((l) => isHex(l?.address) && isHex(l?.data) && Array.isArray(l?.topics)) };
}

/** One JSON-RPC call; a transport failure, an HTTP error and a JSON-RPC error all throw. */
export async function jsonRpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }), cache: "no-store" });
  if (!response.ok) throw new Error(`${method}: the node answered HTTP ${response.status}`);
  const body = (await response.json()) as { result?: unknown; error?: { message?: unknown } };
  if (body.error) throw new Error(`${method}: ${typeof body.error.message === "string" ? body.error.message : "the node answered with an error"}`);
  return body.result;
}

/**
 * Reads the finalization receipt from `rpcUrl`, checks it carries CapsuleFinalized(capsuleId) from the
 * registry, then reads the content hash the registry stored for the capsule at that block.
 */
export async function readFinalization(rpcUrl: string, input: { txHash: string; registry: string; capsuleId: string }): Promise<FinalizationFacts> {
  const id = BigInt(input.capsuleId);
  const receipt = asReceipt(await jsonRpc(rpcUrl, "eth_getTransactionReceipt", [input.txHash]));
  const recorded = parseEventLogs({ abi: articleRegistryAbi, eventName: "CapsuleFinalized", logs: receipt.logs }).some(
    (log) => log.address.toLowerCase() === input.registry.toLowerCase() && log.args.capsuleId === id,
  );
  const data = encodeFunctionData({ abi: articleRegistryAbi, functionName: "capsules", args: [id] });
  const result = await jsonRpc(rpcUrl, "eth_call", [{ to: input.registry, data }, receipt.blockNumber]);
  if (!isHex(result)) throw new Error("eth_call: the node answered no data");
  const stored = decodeFunctionResult({ abi: articleRegistryAbi, functionName: "capsules", data: result });
  const record = { outletSlug: stored[0], submitter: stored[1], parentCapsuleId: stored[3] };
  return { blockNumber: BigInt(receipt.blockNumber), success: receipt.status === "0x1", recorded, storedHash: stored[2], record, commitment: await readCommitment(rpcUrl, input.registry, id, receipt.blockNumber) };
}

/** ArticleRegistry.commitmentOf(id) at `block`: the manifest hash and evidence root committed at submission. */
async function readCommitment(rpcUrl: string, registry: string, id: bigint, block: Hex): Promise<Commitment | null> {
  const data = encodeFunctionData({ abi: articleRegistryAbi, functionName: "commitmentOf", args: [id] });
  const result = await jsonRpc(rpcUrl, "eth_call", [{ to: registry, data }, block]).catch(() => undefined);
  if (!isHex(result) || result === "0x") return null;
  const [manifestHash, evidenceRoot] = decodeFunctionResult({ abi: articleRegistryAbi, functionName: "commitmentOf", data: result });
  return { manifestHash, evidenceRoot };
}
