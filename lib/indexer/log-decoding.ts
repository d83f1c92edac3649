import { decodeEventLog, getAddress, type Abi, type Log } from "viem";
import type { IndexedEvent } from "./projector";

export type IndexedSource = { name: string; address: `0x${string}`; abi: Abi };

function jsonSafe(value: unknown): string | boolean | number {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean" || typeof value === "number") return value;
  if (typeof value === "string") return /^0x[0-9a-fA-F]{40}$/.test(value) ? getAddress(value) : value;
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
}

/** The one place RPC logs become indexer events (hex → decimal strings, addresses checksummed). */
export function decodeSourceLog(
  log: Log,
  sourcesByAddress: Map<string, IndexedSource>,
  chainId: number,
  blockTime: number,
): IndexedEvent | undefined {
  const source = sourcesByAddress.get(log.address.toLowerCase());
  if (!source || log.blockNumber === null || log.transactionHash === null || log.logIndex === null || log.blockHash === null) return undefined;
  let decoded: { eventName: string | undefined; args: unknown };
  try {
    decoded = decodeEventLog({ abi: source.abi, data: log.data, topics: log.topics });
  } catch {
    return undefined; // an event this ABI does not describe
  }
  if (!decoded.eventName) return undefined;
  const args: Record<string, string | boolean | number> = {};
  if (decoded.args && typeof decoded.args === "object" && !Array.isArray(decoded.args)) {
    for (const [key, value] of Object.entries(decoded.args as Record<string, unknown>)) args[key] = jsonSafe(value);
  }
  return {
    chainId,
    contract: source.name,
    address: getAddress(log.address),
    eventName: decoded.eventName,
    args,
    blockNumber: Number(log.blockNumber),
    blockHash: log.blockHash,
    blockTime,
    txHash: log.transactionHash,
    logIndex: log.logIndex,
  };
}
