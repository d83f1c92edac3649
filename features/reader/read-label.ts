import type { Hex } from "viem";
import type { LabelNode, NodeLog, NodeReceipt } from "./label-check";
import { jsonRpc } from "./read-finalization";

// The node the article page's label check (label-check.ts) and latest-version walk (latest-version.ts), the same as
// `npm run verify`'s, read in the reader's browser: the node they chose, over plain JSON-RPC calls, so the page's
// script carries no viem client and no zod.
// The node's answers are untrusted input: anything not shaped like a log or a receipt is dropped or refused here.

const isHex = (value: unknown): value is Hex => typeof value === "string" && /^0x[0-9a-fA-F]*$/.test(value);
const hexOrNull = (value: unknown): Hex | null => (isHex(value) ? value : null);

function asLog(value: unknown): NodeLog | undefined {
  const l = value as Partial<Record<keyof NodeLog, unknown>> | null;
  if (!l || !isHex(l.address) || !isHex(l.data) || !Array.isArray(l.topics) || !l.topics.every(isHex)) return undefined;
  return { address: l.address, data: l.data, topics: l.topics, blockNumber: hexOrNull(l.blockNumber), logIndex: hexOrNull(l.logIndex), transactionHash: hexOrNull(l.transactionHash) };
}
const asLogs = (value: unknown): NodeLog[] => (Array.isArray(value) ? value.flatMap((l) => asLog(l) ?? []) : []);

function asReceipt(value: unknown): NodeReceipt | null {
  const r = value as Partial<Record<keyof NodeReceipt, unknown>> | null;
  if (!r || !isHex(r.status) || !isHex(r.blockNumber) || !Array.isArray(r.logs)) return null;
  return { status: r.status, blockNumber: r.blockNumber, logs: asLogs(r.logs) };
}

function hexAnswer(method: string) {
  return (value: unknown): Hex => {
    if (!isHex(value)) throw new Error(`${method}: the node answered no data`);
    return value;
  };
}

/** The node at `rpcUrl` as label-check.ts reads it. */
export function rpcLabelNode(rpcUrl: string): LabelNode {
  return {
    receipt: (hash) => jsonRpc(rpcUrl, "eth_getTransactionReceipt", [hash]).then(asReceipt),
    logs: (filter) =>
      jsonRpc(rpcUrl, "eth_getLogs", [filter]).then((value) => {
        if (!Array.isArray(value)) throw new Error("eth_getLogs: the node answered no list of logs");
        return asLogs(value);
      }),
    call: (to, data) => jsonRpc(rpcUrl, "eth_call", [{ to, data }, "latest"]).then(hexAnswer("eth_call")),
  };
}
