import { describe, expect, it } from "vitest";
import { decodeFunctionData, encodeFunctionResult, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { CALLS_AT_ONCE, latestVersion, MAX_REVISIONS, standingOf, type RegistryNode } from "./latest-version";

// The walk to an article's latest version, shared by `npm run verify` and the article page's check in the browser,
// over a registry held in memory: each capsule's parent, status and article number as `capsules(id)` answers them,
// its revisions as `revisionsOf(id)` answers them (in submission order), and every eth_call the walk makes.

const REGISTRY = "0x00000000000000000000000000000000000000A0" as const;
const SUBMITTER = "0x00000000000000000000000000000000000000ee" as const;
const [PENDING, FINALIZED, REJECTED, SUPERSEDED] = [1, 2, 3, 4];

/** `articleId`: its number among the registry's finalizations (0: never finalized). */
type Held = { parent: bigint; status: number; articleId?: bigint };

/** A node whose registry holds `capsules`; `reads` records every eth_call as "capsules 7" or "revisionsOf 7". */
function registryWith(capsules: Record<string, Held>, revisionsOf?: (id: bigint) => bigint[]) {
  const reads: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const childrenOf = revisionsOf ?? ((id: bigint) => Object.entries(capsules).filter(([, c]) => c.parent === id).map(([child]) => BigInt(child)));
  const node: RegistryNode = {
    async call(_to, data): Promise<Hex> {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await Promise.resolve();
      inFlight -= 1;
      const { functionName, args } = decodeFunctionData({ abi: articleRegistryAbi, data });
      const id = BigInt(String(args?.[0]));
      reads.push(`${functionName} ${id}`);
      if (functionName === "revisionsOf") return encodeFunctionResult({ abi: articleRegistryAbi, functionName, result: childrenOf(id) });
      const c = capsules[id.toString()] ?? { parent: 0n, status: 0 };
      return encodeFunctionResult({ abi: articleRegistryAbi, functionName: "capsules", result: ["desk", SUBMITTER, `0x${"11".repeat(32)}`, c.parent, c.status, 0n, 0n, c.articleId ?? 0n, SUBMITTER] });
    },
  };
  return { node, reads, mostInFlight: () => mostInFlight };
}

describe("the walk to an article's latest version on chain", () => {
  it("a version the registry still holds as Finalized has no revision: one read", async () => {
    const { node, reads } = registryWith({ "7": { parent: 0n, status: FINALIZED, articleId: 3n } });
    expect(await latestVersion(node, REGISTRY, "7")).toEqual({ latest: "7", newer: [] });
    expect(reads).toEqual(["capsules 7"]);
  });

  it("follows the revisions by revisionsOf, generation by generation; other articles' capsules are never read", async () => {
    const held: Record<string, Held> = {
      "7": { parent: 0n, status: SUPERSEDED, articleId: 1n },
      "9": { parent: 7n, status: SUPERSEDED, articleId: 5n },
      "12": { parent: 9n, status: FINALIZED, articleId: 9n },
    };
    // 200 capsules of other articles, finalized in between: a log scan paid for them, the walk does not
    for (let id = 100; id < 300; id++) held[String(id)] = { parent: 0n, status: FINALIZED, articleId: BigInt(id) };
    const { node, reads } = registryWith(held);
    expect(await latestVersion(node, REGISTRY, "7")).toEqual({ latest: "12", newer: [{ capsuleId: "9", articleId: 5n }, { capsuleId: "12", articleId: 9n }] });
    expect(reads).toEqual(["capsules 7", "revisionsOf 7", "revisionsOf 9", "revisionsOf 12", "capsules 9", "capsules 12"]);
    // from a later version the walk starts there: 12 is still Finalized
    expect(await latestVersion(node, REGISTRY, "9")).toMatchObject({ latest: "12" });
  });

  it("finds a correction that revises a rejected one", async () => {
    const { node } = registryWith({
      "7": { parent: 0n, status: SUPERSEDED, articleId: 1n },
      "9": { parent: 7n, status: REJECTED },
      "10": { parent: 2n, status: FINALIZED, articleId: 4n }, // a correction of another article
      "2": { parent: 0n, status: SUPERSEDED, articleId: 2n },
      "11": { parent: 9n, status: FINALIZED, articleId: 6n },
    });
    expect(await latestVersion(node, REGISTRY, "7")).toEqual({ latest: "11", newer: [{ capsuleId: "11", articleId: 6n }] });
  });

  it("two revisions of one version: the latest is the last finalized (the higher article number), whichever branch it is on", async () => {
    const held = {
      "7": { parent: 0n, status: SUPERSEDED, articleId: 1n },
      "9": { parent: 7n, status: REJECTED },
      "11": { parent: 9n, status: FINALIZED, articleId: 8n },
      "12": { parent: 7n, status: FINALIZED, articleId: 6n },
      "13": { parent: 12n, status: PENDING },
    };
    expect(await latestVersion(registryWith(held).node, REGISTRY, "7")).toEqual({ latest: "11", newer: [{ capsuleId: "12", articleId: 6n }, { capsuleId: "11", articleId: 8n }] });
    held["12"].articleId = 10n;
    expect(await latestVersion(registryWith(held).node, REGISTRY, "7")).toEqual({ latest: "12", newer: [{ capsuleId: "11", articleId: 8n }, { capsuleId: "12", articleId: 10n }] });
  });

  it(`reads a wide generation ${CALLS_AT_ONCE} calls at a time`, async () => {
    const held: Record<string, Held> = { "7": { parent: 0n, status: SUPERSEDED, articleId: 1n } };
    for (let id = 1_000; id < 1_150; id++) held[String(id)] = { parent: 7n, status: REJECTED };
    held["2000"] = { parent: 1_149n, status: FINALIZED, articleId: 2n };
    const { node, reads, mostInFlight } = registryWith(held);
    expect(await latestVersion(node, REGISTRY, "7")).toEqual({ latest: "2000", newer: [{ capsuleId: "2000", articleId: 2n }] });
    expect(reads.filter((r) => r.startsWith("revisionsOf"))).toHaveLength(1 + 150 + 1);
    expect(mostInFlight()).toBe(CALLS_AT_ONCE);
  });

  it("a version whose only correction is under vote or was rejected is still the latest", async () => {
    const { node } = registryWith({ "7": { parent: 0n, status: SUPERSEDED, articleId: 1n }, "9": { parent: 7n, status: PENDING } });
    expect(await latestVersion(node, REGISTRY, "7")).toEqual({ latest: "7", newer: [] });
  });

  it("a node that answers revisions in a loop ends; one that answers revisions without end, or a capsule that was never finalized, is an error", async () => {
    const held = { "7": { parent: 0n, status: SUPERSEDED, articleId: 1n }, "9": { parent: 7n, status: FINALIZED, articleId: 2n } };
    const loop = registryWith(held, (id) => (id === 7n ? [9n] : [7n, 9n]));
    expect(await latestVersion(loop.node, REGISTRY, "7")).toEqual({ latest: "9", newer: [{ capsuleId: "9", articleId: 2n }] });

    // every capsule asked for has a new revision: the walk stops at MAX_REVISIONS
    const endless = registryWith(held, (id) => [id + 1n]);
    await expect(latestVersion(endless.node, REGISTRY, "7")).rejects.toThrow(`the node names more than ${MAX_REVISIONS} revisions of capsule 7`);
    const pending = registryWith({ "7": { parent: 0n, status: PENDING } });
    await expect(latestVersion(pending.node, REGISTRY, "7")).rejects.toThrow(/status 1, neither finalized/);
  });

  it("what the site says is current, against the chain's latest", () => {
    expect(standingOf("7", "7", "7")).toBe("latest");
    expect(standingOf("7", "9", "9")).toBe("superseded");
    expect(standingOf("7", "7", "9")).toBe("newer");
    expect(standingOf("7", "9", "12")).toBe("newer");
    expect(standingOf("7", "9", "7")).toBe("phantom");
  });
});
