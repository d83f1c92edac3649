import { getAddress, toEventSelector, type Abi, type AbiEvent, type AbiParameter, type Hex, type Log } from "viem";
import { checksumHexAddress } from "@/lib/chain/address-checksum";
import { parametersDecoder } from "./abi-words";
import type { IndexedEvent } from "./projector";

export type IndexedSource = { name: string; address: `0x${string}`; abi: Abi };

/** A source's events by their topic0, with their inputs split as the log carries them, and a decoder for each topic and for the data. */
type DecodableEvent = {
  name: string;
  indexed: AbiParameter[];
  data: AbiParameter[];
  unnamed: boolean;
  decodeTopics: Array<(hex: Hex) => readonly unknown[]>;
  decodeData: (hex: Hex) => readonly unknown[];
};
export type DecodableSource = { name: string; address: string; events: Map<string, DecodableEvent> };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NOT_DECODED_FROM_TOPIC = /^(string|bytes|tuple)$|\[\d*\]$/;

/**
 * Compiles each source once: its checksummed address and its non-anonymous events keyed by
 * selector, so a log costs one map lookup instead of a selector hash per ABI event.
 * An event with unnamed inputs is checked but gets no args (viem answers those as an array,
 * which the indexer never stored either).
 */
export function decodableSources(sources: IndexedSource[]): Map<string, DecodableSource> {
  const out = new Map<string, DecodableSource>();
  for (const source of sources) {
    const events = new Map<string, DecodableEvent>();
    for (const item of source.abi) {
      if (item.type !== "event" || item.anonymous) continue;
      const event = item as AbiEvent;
      const selector = toEventSelector(event);
      if (events.has(selector)) continue; // the first of two identical signatures wins, as in viem's decodeEventLog
      const indexed = event.inputs.filter((input) => "indexed" in input && input.indexed);
      const data = event.inputs.filter((input) => !("indexed" in input && input.indexed));
      events.set(selector, {
        name: event.name,
        indexed,
        data,
        unnamed: event.inputs.some((input) => !input.name),
        decodeTopics: indexed.map((param) => parametersDecoder([param])),
        decodeData: parametersDecoder(data),
      });
    }
    out.set(source.address.toLowerCase(), { name: source.name, address: getAddress(source.address), events });
  }
  return out;
}

function jsonSafe(value: unknown, type: string): string | boolean | number {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean" || typeof value === "number") return value;
  // viem's decoder answers `address` values checksummed already; other strings that look like one are checksummed here
  if (typeof value === "string") return type !== "address" && ADDRESS.test(value) ? checksumHexAddress(value) : value;
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
}

/** viem's decodeEventLog (strict) for an event already matched by its selector. Throws when the log does not fit it. */
function decodeArgs(event: DecodableEvent, log: Log): Record<string, string | boolean | number> {
  const args: Record<string, string | boolean | number> = {};
  const topics = log.topics.slice(1);
  event.indexed.forEach((param, i) => {
    const topic = topics[i];
    if (!topic) throw new Error(`missing topic for ${param.name}`);
    // dynamic and reference types are indexed by their hash: the topic itself is the value
    const value = NOT_DECODED_FROM_TOPIC.test(param.type) ? topic : event.decodeTopics[i]!(topic)[0];
    if (!event.unnamed) args[param.name!] = jsonSafe(value, param.type);
  });
  if (event.data.length > 0) {
    if (!log.data || log.data === "0x") throw new Error("no data for the event's non-indexed inputs");
    const values = event.decodeData(log.data);
    if (!event.unnamed) event.data.forEach((param, i) => (args[param.name!] = jsonSafe(values[i], param.type)));
  }
  return args;
}

/** The one place RPC logs become indexer events (hex → decimal strings, addresses checksummed). */
export function decodeSourceLog(log: Log, sources: Map<string, DecodableSource>, chainId: number, blockTime: number): IndexedEvent | undefined {
  const source = sources.get(log.address.toLowerCase());
  if (!source || log.blockNumber === null || log.transactionHash === null || log.logIndex === null || log.blockHash === null) return undefined;
  const event = log.topics[0] ? source.events.get(log.topics[0].toLowerCase()) : undefined;
  if (!event) return undefined; // an event this ABI does not describe
  let args: Record<string, string | boolean | number>;
  try {
    args = decodeArgs(event, log);
  } catch {
    return undefined; // a log whose topics or data do not fit the event (another contract's, at this address)
  }
  return {
    chainId,
    contract: source.name,
    address: source.address,
    eventName: event.name,
    args,
    blockNumber: Number(log.blockNumber),
    blockHash: log.blockHash,
    blockTime,
    txHash: log.transactionHash,
    logIndex: log.logIndex,
  };
}
