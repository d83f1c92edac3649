import { RpcCode, RpcError, type JsonRpcRequest } from "./json-rpc";

// eth_getLogs over a wide block range makes the node scan every block in it and send back everything
// it found in one answer, which the gateway holds in memory: one request could take the node's CPU
// and the server's memory. Like hosted providers, the gateway answers at most `maxLogBlocks` blocks a
// request; a client splits a longer range. A tag (latest, pending, safe, finalized) counts as the head.

type Bound = bigint | "head";

const HEAD_TAGS = new Set(["latest", "pending", "safe", "finalized"]);

function boundOf(value: unknown): Bound {
  if (value === undefined || (typeof value === "string" && HEAD_TAGS.has(value))) return "head";
  if (value === "earliest") return 0n;
  return BigInt(value as string);
}

/** The filter's block range, or undefined for a blockHash filter (one block). Params were already checked. */
function rangeOf(request: JsonRpcRequest): { from: Bound; to: Bound } | undefined {
  const filter = request.params[0] as { fromBlock?: unknown; toBlock?: unknown; blockHash?: unknown };
  if (filter.blockHash !== undefined) return undefined;
  return { from: boundOf(filter.fromBlock), to: boundOf(filter.toBlock) };
}

/** Whether the request's range can only be measured against the node's head. */
export function needsHead(request: JsonRpcRequest): boolean {
  if (request.method !== "eth_getLogs") return false;
  const range = rangeOf(request);
  return range !== undefined && (range.from === "head") !== (range.to === "head");
}

/** Why an eth_getLogs request covers too many blocks, or undefined; `head` is the node's block number when needsHead. */
export function logRangeRefusal(request: JsonRpcRequest, maxLogBlocks: number, head: bigint | undefined): RpcError | undefined {
  if (request.method !== "eth_getLogs") return undefined;
  const range = rangeOf(request);
  if (!range) return undefined;
  if (range.from === "head" && range.to === "head") return undefined;
  const at = (bound: Bound) => (bound === "head" ? head : bound);
  const from = at(range.from);
  const to = at(range.to);
  // the head could not be read: the node is away, and the request will fail there
  if (from === undefined || to === undefined) return undefined;
  const blocks = to - from + 1n;
  if (blocks <= BigInt(maxLogBlocks)) return undefined;
  return new RpcError(RpcCode.LIMIT_EXCEEDED, `eth_getLogs covers ${blocks} blocks; this gateway answers at most ${maxLogBlocks} blocks a request: split the range`, {
    maxBlocks: maxLogBlocks,
  });
}
