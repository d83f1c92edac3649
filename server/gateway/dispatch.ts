import type { Entry } from "./envelope";
import { RpcCode, RpcError, rpcError, type JsonRpcRequest, type JsonRpcResponse } from "./json-rpc";
import { checkParams, forwardedMethods, isForwardedMethod } from "./rpc-params";
import { logRangeRefusal, needsHead } from "./log-range";
import { senderRefusal } from "./raw-sender";

/** The allow-list and parameter checks; undefined means "forward it". */
export function rejectReason(request: JsonRpcRequest): RpcError | undefined {
  if (!isForwardedMethod(request.method)) {
    return new RpcError(RpcCode.METHOD_NOT_FOUND, `method not found: ${request.method} is not available through this gateway`);
  }
  try {
    checkParams(request.method, request.params, forwardedMethods[request.method]);
    return undefined;
  } catch (error) {
    if (error instanceof RpcError) return error;
    return new RpcError(RpcCode.INVALID_PARAMS, "invalid params");
  }
}

export type Forwarder = (requests: JsonRpcRequest[]) => Promise<JsonRpcResponse[]>;

/**
 * Answers each entry independently: envelope errors, refused methods and bad params are answered
 * here; the rest go to the node together. Notifications get no answer (undefined).
 */
export async function answerEntries(
  entries: Entry[],
  forward: Forwarder,
  options: { maxLogBlocks: number; refusedSenders?: ReadonlySet<string>; special?: (request: JsonRpcRequest) => Promise<JsonRpcResponse> | undefined },
): Promise<(JsonRpcResponse | undefined)[]> {
  const answers: (JsonRpcResponse | Promise<JsonRpcResponse> | undefined)[] = [];
  let toForward: { slot: number; request: JsonRpcRequest }[] = [];
  entries.forEach((entry, slot) => {
    if (entry.kind === "invalid") return void (answers[slot] = entry.response);
    const handled = options.special?.(entry.request);
    if (handled) return void (answers[slot] = handled);
    const reason = rejectReason(entry.request);
    if (reason) return void (answers[slot] = rpcError(entry.request.id, reason));
    toForward.push({ slot, request: entry.request });
  });
  if (options.refusedSenders && options.refusedSenders.size > 0) {
    const refused = await Promise.all(toForward.map((f) => senderRefusal(f.request, options.refusedSenders!)));
    toForward = toForward.filter((f, i) => {
      const reason = refused[i];
      if (reason) answers[f.slot] = rpcError(f.request.id, reason);
      return !reason;
    });
  }
  const head = toForward.some((f) => needsHead(f.request)) ? await headOf(forward) : undefined;
  toForward = toForward.filter((f) => {
    const tooWide = logRangeRefusal(f.request, options.maxLogBlocks, head);
    if (tooWide) answers[f.slot] = rpcError(f.request.id, tooWide);
    return !tooWide;
  });
  const forwarded = await forward(toForward.map((f) => f.request));
  toForward.forEach((f, i) => (answers[f.slot] = forwarded[i]));
  const resolved = await Promise.all(answers);
  return resolved.map((answer, slot) => {
    const entry = entries[slot];
    return entry?.kind === "request" && entry.request.isNotification ? undefined : answer;
  });
}

/** The node's block number, read through the same forwarder; undefined when it does not answer one. */
async function headOf(forward: Forwarder): Promise<bigint | undefined> {
  const [answer] = await forward([{ id: 0, method: "eth_blockNumber", params: [], isNotification: false }]);
  return answer && "result" in answer && typeof answer.result === "string" && /^0x[0-9a-f]+$/i.test(answer.result) ? BigInt(answer.result) : undefined;
}
