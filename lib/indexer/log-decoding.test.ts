import { describe, expect, it } from "vitest";
import { decodeEventLog, encodeAbiParameters, encodeEventTopics, getAddress, type Abi, type AbiEvent, type AbiParameter, type Log } from "viem";
import * as abis from "@/lib/chain/abi";
import { decodableSources, decodeSourceLog, type IndexedSource } from "./log-decoding";

const ADDRESS = "0x5fbdb2315678afecb367f032d93f642f64180aa3"; // lower case on purpose: events carry it checksummed
const LOWER_ADDRESS_VALUE = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";

function sample(param: AbiParameter): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array) {
    const item = { ...param, type: array[1]! };
    return Array.from({ length: array[2] ? Number(array[2]) : 2 }, () => sample(item));
  }
  if (param.type === "tuple") {
    const components = (param as { components: readonly AbiParameter[] }).components;
    return Object.fromEntries(components.map((c, i) => [c.name ?? String(i), sample(c)]));
  }
  if (param.type === "address") return LOWER_ADDRESS_VALUE;
  if (param.type === "bool") return true;
  if (param.type === "string") return LOWER_ADDRESS_VALUE; // a string that looks like an address is checksummed too
  if (param.type === "bytes") return "0x1234";
  if (param.type.startsWith("bytes")) return `0x${"ab".repeat(Number(param.type.slice(5)))}`;
  if (param.type.startsWith("int")) return -5n;
  const bits = Number(param.type.slice(4) || 256);
  return bits >= 64 ? 1_000_000_000_000_000_123n : (1n << BigInt(bits)) - 3n; // the largest values still fit small widths (uint8 findings)
}

/** What the indexer stored before the compiled decoder: viem's decodeEventLog over the whole ABI, made JSON-safe. */
function reference(abi: Abi, log: Log): { eventName: string; args: Record<string, unknown> } | undefined {
  let decoded: { eventName: string | undefined; args: unknown };
  try {
    decoded = decodeEventLog({ abi, data: log.data, topics: log.topics });
  } catch {
    return undefined;
  }
  const args: Record<string, unknown> = {};
  if (decoded.args && typeof decoded.args === "object" && !Array.isArray(decoded.args)) {
    for (const [key, value] of Object.entries(decoded.args as Record<string, unknown>)) {
      if (typeof value === "bigint") args[key] = value.toString();
      else if (typeof value === "boolean" || typeof value === "number") args[key] = value;
      else if (typeof value === "string") args[key] = /^0x[0-9a-fA-F]{40}$/.test(value) ? getAddress(value) : value;
      else args[key] = JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
    }
  }
  return { eventName: decoded.eventName!, args };
}

function logOf(event: AbiEvent, overrides: Partial<Log> = {}): Log {
  const values = Object.fromEntries(event.inputs.map((input) => [input.name!, sample(input)]));
  const indexed = Object.fromEntries(event.inputs.filter((i) => i.indexed).map((i) => [i.name!, values[i.name!]]));
  const nonIndexed = event.inputs.filter((i) => !i.indexed);
  return {
    address: ADDRESS,
    topics: encodeEventTopics({ abi: [event], eventName: event.name, args: indexed } as Parameters<typeof encodeEventTopics>[0]) as Log["topics"],
    data: nonIndexed.length ? encodeAbiParameters(nonIndexed, nonIndexed.map((i) => values[i.name!])) : "0x",
    blockNumber: 7n,
    blockHash: `0x${"11".repeat(32)}`,
    transactionHash: `0x${"22".repeat(32)}`,
    transactionIndex: 0,
    logIndex: 3,
    removed: false,
    ...overrides,
  } as Log;
}

const sources = Object.entries(abis).map(([name, abi]) => ({ name, abi: abi as Abi }));

describe("decodeSourceLog", () => {
  for (const { name, abi } of sources) {
    const events = abi.filter((item): item is AbiEvent => item.type === "event");
    it(`decodes every ${name} event as viem's decodeEventLog does`, () => {
      expect(events.length).toBeGreaterThan(0);
      const source: IndexedSource = { name, address: ADDRESS, abi };
      const compiled = decodableSources([source]);
      for (const event of events) {
        const log = logOf(event);
        const expected = reference(abi, log);
        expect(expected, event.name).toBeDefined();
        expect(decodeSourceLog(log, compiled, 77, 1_700_000_000), event.name).toEqual({
          chainId: 77,
          contract: name,
          address: getAddress(ADDRESS),
          eventName: expected!.eventName,
          args: expected!.args,
          blockNumber: 7,
          blockHash: `0x${"11".repeat(32)}`,
          blockTime: 1_700_000_000,
          txHash: `0x${"22".repeat(32)}`,
          logIndex: 3,
        });
      }
    });
  }

  it("skips logs the source's ABI does not describe or that do not fit it, as before", () => {
    const abi = abis.capsuleAcceptanceAbi as Abi;
    const compiled = decodableSources([{ name: "capsuleAcceptance", address: ADDRESS, abi }]);
    const voteCast = abi.find((item): item is AbiEvent => item.type === "event" && item.name === "VoteCast")!;
    const good = logOf(voteCast);
    const misfits: Log[] = [
      { ...good, topics: [`0x${"99".repeat(32)}`, ...good.topics.slice(1)] as Log["topics"] }, // unknown selector
      { ...good, topics: good.topics.slice(0, 2) as Log["topics"] }, // an indexed topic missing
      { ...good, data: "0x" }, // no data for the non-indexed inputs
      { ...good, data: good.data.slice(0, 40) as `0x${string}` }, // data too short
      { ...good, topics: [] as unknown as Log["topics"] }, // no topics at all
    ];
    for (const log of misfits) {
      expect(reference(abi, log)).toBeUndefined(); // viem refuses it too
      expect(decodeSourceLog(log, compiled, 77, 1)).toBeUndefined();
    }
    expect(decodeSourceLog({ ...good, address: "0x0000000000000000000000000000000000000001" }, compiled, 77, 1)).toBeUndefined(); // not a source
    expect(decodeSourceLog(good, compiled, 77, 1)?.args).toEqual(reference(abi, good)!.args);
  });
});
