import { RpcCode, RpcError, rpcError, type JsonRpcId, type JsonRpcRequest, type JsonRpcResponse } from "./json-rpc";

// Checks the JSON-RPC 2.0 envelope of a parsed body, one entry at a time: a bad entry in a
// batch becomes its own -32600 answer and the others go on.
export type Entry = { kind: "request"; request: JsonRpcRequest } | { kind: "invalid"; response: JsonRpcResponse };

export type Payload = { kind: "single" | "batch"; entries: Entry[] } | { kind: "rejected"; response: JsonRpcResponse };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function validId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

export function parseEntry(value: unknown): Entry {
  const invalid = (id: JsonRpcId, message: string): Entry => ({
    kind: "invalid",
    response: rpcError(id, new RpcError(RpcCode.INVALID_REQUEST, `invalid request: ${message}`)),
  });
  if (!isRecord(value)) return invalid(null, "expected a JSON-RPC request object");
  const hasId = Object.hasOwn(value, "id");
  if (hasId && !validId(value.id)) return invalid(null, "id must be a string, a number or null");
  const id = hasId ? (value.id as JsonRpcId) : null;
  if (value.jsonrpc !== "2.0") return invalid(id, 'jsonrpc must be "2.0"');
  if (typeof value.method !== "string" || value.method === "") return invalid(id, "method must be a non-empty string");
  if (value.params !== undefined && !Array.isArray(value.params)) return invalid(id, "params must be an array");
  const params = (value.params as unknown[] | undefined) ?? [];
  return { kind: "request", request: { id, method: value.method, params, isNotification: !hasId } };
}

/** A parsed body (object or array) → its entries, or one error for an empty or oversized batch. */
export function parsePayload(body: unknown, maxBatch: number): Payload {
  if (!Array.isArray(body)) return { kind: "single", entries: [parseEntry(body)] };
  if (body.length === 0) {
    return { kind: "rejected", response: rpcError(null, new RpcError(RpcCode.INVALID_REQUEST, "invalid request: empty batch")) };
  }
  if (body.length > maxBatch) {
    return {
      kind: "rejected",
      response: rpcError(null, new RpcError(RpcCode.INVALID_REQUEST, `invalid request: batch of ${body.length} exceeds the limit of ${maxBatch}`)),
    };
  }
  return { kind: "batch", entries: body.map(parseEntry) };
}

/** Parses JSON text; a syntax error is -32700 with id null. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; response: JsonRpcResponse } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: rpcError(null, new RpcError(RpcCode.PARSE_ERROR, "parse error: the body is not valid JSON")) };
  }
}

/** Method names in a payload, for rate limiting (counted before any validation). */
export function methodsOf(body: unknown): string[] {
  const items = Array.isArray(body) ? body : [body];
  return items.map((item) => (isRecord(item) && typeof item.method === "string" ? item.method : ""));
}

/** The id of a raw entry when it is a valid one, else null (for answers given before parsing). */
export function idOf(value: unknown): JsonRpcId {
  if (!isRecord(value)) return null;
  return validId(value.id) ? value.id : null;
}

/** One error for every entry of a raw body: an array for a batch, an object otherwise. */
export function errorForEach(body: unknown, error: RpcError, maxBatch: number): JsonRpcResponse | JsonRpcResponse[] {
  if (Array.isArray(body) && body.length > 0 && body.length <= maxBatch) return body.map((item) => rpcError(idOf(item), error));
  return rpcError(Array.isArray(body) ? null : idOf(body), error);
}
