import { AppError } from "@/lib/errors/app-error";
import { readBody } from "@/lib/http/request-body";
import { RpcCode, RpcError, rpcError, rpcResult, upstreamUnavailable, type JsonRpcRequest, type JsonRpcResponse } from "./json-rpc";

// Forwards validated requests to a node over HTTP as one upstream batch, with our own ids,
// and maps the node's answers back to the client's ids. The node's URL never leaves this file.
type UpstreamReply = { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Answers for allowed methods a node does not implement (anvil has no net_peerCount). */
const localFallbacks: Record<string, unknown> = { net_peerCount: "0x0" };

/** Maps one node answer (by method) onto the gateway's error codes; results pass through untouched. */
export function mapUpstreamReply(request: Pick<JsonRpcRequest, "id" | "method">, reply: UpstreamReply | undefined): JsonRpcResponse {
  if (!reply) return rpcError(request.id, upstreamUnavailable());
  if (Object.hasOwn(reply, "result") && !reply.error) return rpcResult(request.id, reply.result);
  const error = isRecord(reply.error) ? reply.error : {};
  const code = typeof error.code === "number" ? error.code : undefined;
  const message = typeof error.message === "string" && error.message !== "" ? error.message : "the chain node rejected the request";
  // anvil says -32601 over HTTP but -32602 ("did not match any variant") over WebSocket for a
  // method it lacks; the methods with a fallback take no parameters, so either means "not here".
  const unknownToNode = code === RpcCode.METHOD_NOT_FOUND || (code === RpcCode.INVALID_PARAMS && /did not match any variant/i.test(message));
  if (unknownToNode && Object.hasOwn(localFallbacks, request.method)) return rpcResult(request.id, localFallbacks[request.method]);
  if (code === RpcCode.METHOD_NOT_FOUND) {
    return rpcError(request.id, new RpcError(RpcCode.INTERNAL_ERROR, `internal error: ${request.method} is not available on the chain node`));
  }
  if (code === RpcCode.INVALID_PARAMS) return rpcError(request.id, new RpcError(RpcCode.INVALID_PARAMS, message, error.data));
  if (code === RpcCode.PARSE_ERROR || code === RpcCode.INVALID_REQUEST || code === undefined) {
    return rpcError(request.id, new RpcError(RpcCode.INTERNAL_ERROR, "internal error: the chain node returned an unexpected answer"));
  }
  // Everything else is a node-side failure (nonce too low, insufficient funds, execution reverted…).
  return rpcError(request.id, new RpcError(RpcCode.NODE_ERROR, message, error.data));
}

export async function forwardToUpstream(url: string, requests: JsonRpcRequest[], options: { timeoutMs: number; maxResponseBytes: number }): Promise<JsonRpcResponse[]> {
  if (requests.length === 0) return [];
  const body = requests.map((request, index) => ({ jsonrpc: "2.0", id: index, method: request.method, params: request.params }));
  let replies: unknown;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body.length === 1 ? body[0] : body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    replies = JSON.parse(await readBody(response, options.maxResponseBytes));
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const failure =
      error instanceof AppError && error.code === "PAYLOAD_TOO_LARGE"
        ? new RpcError(RpcCode.LIMIT_EXCEEDED, `the answer is larger than ${options.maxResponseBytes} bytes, more than this gateway returns: ask for fewer blocks, addresses or topics at a time`, { maxBytes: options.maxResponseBytes })
        : timedOut
          ? new RpcError(RpcCode.INTERNAL_ERROR, "internal error: the chain node did not answer in time")
          : upstreamUnavailable();
    return requests.map((request) => rpcError(request.id, failure));
  }
  const list = Array.isArray(replies) ? replies : [replies];
  const byId = new Map<number, UpstreamReply>();
  for (const reply of list) if (isRecord(reply) && typeof reply.id === "number") byId.set(reply.id, reply as UpstreamReply);
  return requests.map((request, index) => mapUpstreamReply(request, byId.get(index)));
}
