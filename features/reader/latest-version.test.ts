import { describe, expect, it } from "vitest";
import { decodeFunctionData, encodeAbiParameters, encodeEventTopics, encodeFunctionResult, numberToHex, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { LOG_BLOCKS, type NodeLog, type NodeLogFilter } from "./label-check";
import { latestVersion, standingOf, type RegistryNode } from "./latest-version";

// The walk to an article's latest version, shared by `npm run verify` and the article page's check in the browser,
// over a registry held in memory: each capsule's parent and status as `capsules(id)` answers them, the
// CapsuleFinalized logs, and every eth_getLogs range and capsules(id) read the walk asks for.

const REGISTRY = "0x00000000000000000000000000000000000000A0" as const;
const SUBMITTER = "0x00000000000000000000000000000000000000ee" as const;
const HEAD = 25_000n;
const [PENDING, FINALIZED, REJECTED, SUPERSEDED] = [1, 2, 3, 4];

type Held = { parent: bigint; status: number; finalizedIn?: bigint };

function finalizedLog(capsuleId: bigint, block: bigint): NodeLog & { block: bigint } {
  const topics = encodeEventTopics({ abi: articleRegistryAbi, eventName: "CapsuleFinalized", args: { capsuleId, finalizedBy: SUBMITTER } });
  const data = encodeAbiParameters([{ type: "uint256" }], [capsuleId]);
  return { address: REGISTRY, topics: topics as Hex[], data, blockNumber: numberToHex(block), logIndex: "0x0", transactionHash: `0x${capsuleId.toString(16).padStart(64, "0")}`, block };
}

/** A node whose registry holds `capsules`; `ranges` and `reads` record what the walk asked for. */
function registryWith(capsules: Record<string, Held>) {
  const ranges: Array<[bigint, bigint]> = [];
  const reads: string[] = [];
  const logs = Object.entries(capsules).flatMap(([id, c]) => (c.finalizedIn === undefined ? [] : [finalizedLog(BigInt(id), c.finalizedIn)]));
  const node: RegistryNode = {
    blockNumber: async () => numberToHex(HEAD),
    async logs(filter: NodeLogFilter) {
      const [from, to] = [BigInt(filter.fromBlock), BigInt(filter.toBlock)];
      ranges.push([from, to]);
      return logs.filter((l) => l.block >= from && l.block <= to && l.topics[0] === filter.topics[0]);
    },
    async call(_to, data) {
      const { args } = decodeFunctionData({ abi: articleRegistryAbi, data });
      const id = String(args?.[0]);
      reads.push(id);
      const c = capsules[id] ?? { parent: 0n, status: 0 };
      return encodeFunctionResult({ abi: articleRegistryAbi, functionName: "capsules", result: ["desk", SUBMITTER, `0x${"11".repeat(32)}`, c.parent, c.status, 0n, 0n, 0n, SUBMITTER] });
    },
  };
  return { node, ranges, reads };
}

describe("the walk to an article's latest version on chain", () => {
  it("a version the registry still holds as Finalized has no revision: one read, no logs", async () => {
    const { node, ranges, reads } = registryWith({ "7": { parent: 0n, status: FINALIZED, finalizedIn: 100n } });
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "7", newer: [] });
    expect(reads).toEqual(["7"]);
    expect(ranges).toEqual([]);
  });

  it("follows a finalized correction and its own finalized correction, scanning CapsuleFinalized in ranges of 10,000 blocks", async () => {
    const { node, ranges } = registryWith({
      "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n },
      "8": { parent: 0n, status: FINALIZED, finalizedIn: 5_000n }, // another article
      "9": { parent: 7n, status: SUPERSEDED, finalizedIn: 12_000n },
      "12": { parent: 9n, status: FINALIZED, finalizedIn: 21_000n },
    });
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "12", newer: [{ capsuleId: "9", blockNumber: 12_000n }, { capsuleId: "12", blockNumber: 21_000n }] });
    expect(ranges).toEqual([
      [100n, 100n + LOG_BLOCKS - 1n],
      [100n + LOG_BLOCKS, 100n + 2n * LOG_BLOCKS - 1n],
      [100n + 2n * LOG_BLOCKS, HEAD],
    ]);
    // from a later version the walk starts there: 12 is still Finalized
    expect(await latestVersion(node, REGISTRY, "9", 12_000n)).toMatchObject({ latest: "12" });
  });

  it("finds a correction that revises a rejected one: the registry emitted no CapsuleSuperseded for it", async () => {
    const { node, reads } = registryWith({
      "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n },
      "9": { parent: 7n, status: REJECTED },
      "10": { parent: 2n, status: FINALIZED, finalizedIn: 300n }, // a correction of another article
      "2": { parent: 0n, status: SUPERSEDED, finalizedIn: 50n },
      "11": { parent: 9n, status: FINALIZED, finalizedIn: 400n },
    });
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "11", newer: [{ capsuleId: "11", blockNumber: 400n }] });
    // each capsule's parent is read once
    expect(reads.sort()).toEqual(["10", "11", "2", "7", "9"].sort());
  });

  it("a version whose only correction is under vote or was rejected is still the latest", async () => {
    const { node } = registryWith({ "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n }, "9": { parent: 7n, status: PENDING } });
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "7", newer: [] });
  });

  it("a node that answers parents in a loop, or a capsule that was never finalized, is an error", async () => {
    const loop = registryWith({ "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n }, "9": { parent: 10n, status: FINALIZED, finalizedIn: 200n }, "10": { parent: 9n, status: FINALIZED } });
    await expect(latestVersion(loop.node, REGISTRY, "7", 100n)).rejects.toThrow(/parents of capsule 9 do not lead to a first version/);
    const pending = registryWith({ "7": { parent: 0n, status: PENDING } });
    await expect(latestVersion(pending.node, REGISTRY, "7", 100n)).rejects.toThrow(/status 1, neither finalized/);
  });

  it("what the site says is current, against the chain's latest", () => {
    expect(standingOf("7", "7", "7")).toBe("latest");
    expect(standingOf("7", "9", "9")).toBe("superseded");
    expect(standingOf("7", "7", "9")).toBe("newer");
    expect(standingOf("7", "9", "12")).toBe("newer");
    expect(standingOf("7", "9", "7")).toBe("phantom");
  });
});
