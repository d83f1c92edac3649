// JSON-RPC 2.0 shapes and the error codes the gateways answer with (docs/API.md).
export type JsonRpcId = string | number | null;

export type JsonRpcErrorObject = { code: number; message: string; data?: unknown };

export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: JsonRpcId; result: unknown }
  | { jsonrpc: "2.0"; id: JsonRpcId; error: JsonRpcErrorObject };

/** A request that passed the envelope checks: method is a string, params an array. */
export type JsonRpcRequest = { id: JsonRpcId; method: string; params: unknown[]; isNotification: boolean };

export const RpcCode = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  NODE_ERROR: -32000,
  LIMIT_EXCEEDED: -32005,
} as const;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }

  toObject(): JsonRpcErrorObject {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

export function rpcResult(id: JsonRpcId, result: unknown): JsonRpcResponse {
  return { jsonrpc: "2.0", id, result };
}

export function rpcError(id: JsonRpcId, error: RpcError | JsonRpcErrorObject): JsonRpcResponse {
  return { jsonrpc: "2.0", id, error: error instanceof RpcError ? error.toObject() : error };
}

export const upstreamUnavailable = () => new RpcError(RpcCode.INTERNAL_ERROR, "internal error: the chain node is unavailable");
