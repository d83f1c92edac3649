import { describe, expect, it } from "vitest";
import { decodeFunctionData, encodeAbiParameters, encodeEventTopics, encodeFunctionResult, numberToHex, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { LOG_BLOCKS, type NodeLog, type NodeLogFilter } from "./label-check";
import { latestVersion, MAX_REVISIONS, standingOf, type RegistryNode } from "./latest-version";

// The walk to an article's latest version, shared by `npm run verify` and the article page's check in the browser,
// over a registry held in memory: each capsule's parent and status as `capsules(id)` answers them, its CapsuleRevises
// and CapsuleFinalized logs, and every eth_getLogs filter and capsules(id) read the walk asks for.

const REGISTRY = "0x00000000000000000000000000000000000000A0" as const;
const SUBMITTER = "0x00000000000000000000000000000000000000ee" as const;
const HEAD = 25_000n;
const [PENDING, FINALIZED, REJECTED, SUPERSEDED] = [1, 2, 3, 4];

/** `submittedIn`: the block of its CapsuleRevises (a revision); `finalizedIn`: of its CapsuleFinalized. */
type Held = { parent: bigint; status: number; submittedIn?: bigint; finalizedIn?: bigint };
type Logged = NodeLog & { block: bigint };

const txOf = (capsuleId: bigint, event: number): Hex => `0x${event.toString(16)}${capsuleId.toString(16).padStart(63, "0")}`;

function finalizedLog(capsuleId: bigint, block: bigint): Logged {
  const topics = encodeEventTopics({ abi: articleRegistryAbi, eventName: "CapsuleFinalized", args: { capsuleId, finalizedBy: SUBMITTER } });
  const data = encodeAbiParameters([{ type: "uint256" }], [capsuleId]);
  return { address: REGISTRY, topics: topics as Hex[], data, blockNumber: numberToHex(block), logIndex: "0x0", transactionHash: txOf(capsuleId, 2), block };
}

function revisesLog(parentCapsuleId: bigint, capsuleId: bigint, block: bigint): Logged {
  const topics = encodeEventTopics({ abi: articleRegistryAbi, eventName: "CapsuleRevises", args: { parentCapsuleId, capsuleId } });
  return { address: REGISTRY, topics: topics as Hex[], data: "0x", blockNumber: numberToHex(block), logIndex: "0x0", transactionHash: txOf(capsuleId, 1), block };
}

/** Whether `log` passes eth_getLogs's topic filter: each position null, one topic or an OR-list of topics. */
const matches = (log: Logged, topics: NodeLogFilter["topics"]) =>
  topics.every((want, i) => want === null || (Array.isArray(want) ? want.includes(log.topics[i]!) : want === log.topics[i]));

/** A node whose registry holds `capsules` (and `extra` logs); `filters` and `reads` record what the walk asked for. */
function registryWith(capsules: Record<string, Held>, extra: Logged[] = []) {
  const filters: Array<{ event: string; ids: number; from: bigint; to: bigint }> = [];
  const reads: string[] = [];
  const logs = [
    ...Object.entries(capsules).flatMap(([id, c]) => (c.submittedIn === undefined ? [] : [revisesLog(c.parent, BigInt(id), c.submittedIn)])),
    ...Object.entries(capsules).flatMap(([id, c]) => (c.finalizedIn === undefined ? [] : [finalizedLog(BigInt(id), c.finalizedIn)])),
    ...extra,
  ];
  const revisesTopic = encodeEventTopics({ abi: articleRegistryAbi, eventName: "CapsuleRevises" })[0];
  const node: RegistryNode = {
    blockNumber: async () => numberToHex(HEAD),
    async logs(filter: NodeLogFilter) {
      const [from, to] = [BigInt(filter.fromBlock), BigInt(filter.toBlock)];
      const ids = filter.topics[1];
      filters.push({ event: filter.topics[0] === revisesTopic ? "CapsuleRevises" : "CapsuleFinalized", ids: Array.isArray(ids) ? ids.length : ids ? 1 : 0, from, to });
      return logs.filter((l) => l.block >= from && l.block <= to && matches(l, filter.topics));
    },
    async call(_to, data) {
      const { args } = decodeFunctionData({ abi: articleRegistryAbi, data });
      const id = String(args?.[0]);
      reads.push(id);
      const c = capsules[id] ?? { parent: 0n, status: 0 };
      return encodeFunctionResult({ abi: articleRegistryAbi, functionName: "capsules", result: ["desk", SUBMITTER, `0x${"11".repeat(32)}`, c.parent, c.status, 0n, 0n, 0n, SUBMITTER] });
    },
  };
  return { node, filters, reads };
}

const ranges = (filters: Array<{ event: string; from: bigint; to: bigint }>, event: string) => filters.filter((f) => f.event === event).map((f) => [f.from, f.to]);

describe("the walk to an article's latest version on chain", () => {
  it("a version the registry still holds as Finalized has no revision: one read, no logs", async () => {
    const { node, filters, reads } = registryWith({ "7": { parent: 0n, status: FINALIZED, finalizedIn: 100n } });
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "7", newer: [] });
    expect(reads).toEqual(["7"]);
    expect(filters).toEqual([]);
  });

  it("follows a finalized correction and its own finalized correction by their CapsuleRevises, generation by generation, in ranges of 10,000 blocks", async () => {
    const { node, filters, reads } = registryWith({
      "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n },
      "8": { parent: 0n, status: FINALIZED, finalizedIn: 5_000n }, // another article
      "9": { parent: 7n, status: SUPERSEDED, submittedIn: 11_000n, finalizedIn: 12_000n },
      "12": { parent: 9n, status: FINALIZED, submittedIn: 20_500n, finalizedIn: 21_000n },
    });
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "12", newer: [{ capsuleId: "9", blockNumber: 12_000n }, { capsuleId: "12", blockNumber: 21_000n }] });
    // the revisions of 7 from its finalization; of 9 from 9's submission; of 12 from 12's; then which were finalized
    expect(ranges(filters, "CapsuleRevises")).toEqual([
      [100n, 100n + LOG_BLOCKS - 1n],
      [100n + LOG_BLOCKS, 100n + 2n * LOG_BLOCKS - 1n],
      [100n + 2n * LOG_BLOCKS, HEAD],
      [11_000n, 11_000n + LOG_BLOCKS - 1n],
      [11_000n + LOG_BLOCKS, HEAD],
      [20_500n, HEAD],
    ]);
    expect(ranges(filters, "CapsuleFinalized")).toEqual([
      [100n, 100n + LOG_BLOCKS - 1n],
      [100n + LOG_BLOCKS, 100n + 2n * LOG_BLOCKS - 1n],
      [100n + 2n * LOG_BLOCKS, HEAD],
    ]);
    // the other article's capsule is never read: only the shown version's status
    expect(reads).toEqual(["7"]);
    // from a later version the walk starts there: 12 is still Finalized
    expect(await latestVersion(node, REGISTRY, "9", 12_000n)).toMatchObject({ latest: "12" });
  });

  it("finds a correction that revises a rejected one: the registry emitted no CapsuleSuperseded for it, but a CapsuleRevises", async () => {
    const { node, reads } = registryWith({
      "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n },
      "9": { parent: 7n, status: REJECTED, submittedIn: 150n },
      "10": { parent: 2n, status: FINALIZED, submittedIn: 250n, finalizedIn: 300n }, // a correction of another article
      "2": { parent: 0n, status: SUPERSEDED, finalizedIn: 50n },
      "11": { parent: 9n, status: FINALIZED, submittedIn: 350n, finalizedIn: 400n },
    });
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "11", newer: [{ capsuleId: "11", blockNumber: 400n }] });
    expect(reads).toEqual(["7"]);
  });

  it("two revisions of one version: the latest is the newest finalized, whichever branch it is on", async () => {
    const { node } = registryWith({
      "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n },
      "9": { parent: 7n, status: REJECTED, submittedIn: 150n },
      "11": { parent: 9n, status: FINALIZED, submittedIn: 350n, finalizedIn: 400n },
      "12": { parent: 7n, status: FINALIZED, submittedIn: 450n, finalizedIn: 500n },
      "13": { parent: 12n, status: PENDING, submittedIn: 600n },
    });
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "12", newer: [{ capsuleId: "11", blockNumber: 400n }, { capsuleId: "12", blockNumber: 500n }] });
  });

  it("asks for many revisions in OR-lists of at most 100 ids", async () => {
    const held: Record<string, Held> = { "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n } };
    for (let id = 1_000; id < 1_150; id++) held[String(id)] = { parent: 7n, status: REJECTED, submittedIn: BigInt(id) };
    held["2000"] = { parent: 1_149n, status: FINALIZED, submittedIn: 2_000n, finalizedIn: 2_100n };
    const { node, filters } = registryWith(held);
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "2000", newer: [{ capsuleId: "2000", blockNumber: 2_100n }] });
    expect(filters.filter((f) => f.from < 100n + LOG_BLOCKS).map((f) => `${f.event} ${f.ids}`)).toEqual([
      "CapsuleRevises 1",
      "CapsuleRevises 100",
      "CapsuleRevises 50",
      "CapsuleRevises 1", // the revisions of 2000
      "CapsuleFinalized 100",
      "CapsuleFinalized 51",
    ]);
  });

  it("a version whose only correction is under vote or was rejected is still the latest", async () => {
    const { node } = registryWith({ "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n }, "9": { parent: 7n, status: PENDING, submittedIn: 200n } });
    expect(await latestVersion(node, REGISTRY, "7", 100n)).toEqual({ latest: "7", newer: [] });
  });

  it("a node that answers revisions in a loop ends; one that answers revisions without end, or a capsule that was never finalized, is an error", async () => {
    const loop = registryWith({ "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n }, "9": { parent: 7n, status: FINALIZED, submittedIn: 150n, finalizedIn: 200n } }, [
      revisesLog(9n, 7n, 160n),
      revisesLog(9n, 9n, 170n),
    ]);
    expect(await latestVersion(loop.node, REGISTRY, "7", 100n)).toEqual({ latest: "9", newer: [{ capsuleId: "9", blockNumber: 200n }] });

    // every capsule asked for has a new revision: the walk stops at MAX_REVISIONS
    const endless: RegistryNode = {
      ...registryWith({ "7": { parent: 0n, status: SUPERSEDED, finalizedIn: 100n } }).node,
      async logs(filter) {
        const ids = filter.topics[1];
        return (Array.isArray(ids) ? ids : [ids!]).map((topic) => revisesLog(BigInt(topic), BigInt(topic) + 1n, 200n));
      },
    };
    await expect(latestVersion(endless, REGISTRY, "7", 100n)).rejects.toThrow(`the node names more than ${MAX_REVISIONS} revisions of capsule 7`);
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
