import { decodeEventLog, decodeFunctionResult, encodeEventTopics, encodeFunctionData, getAddress, hexToBigInt, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi/article-registry";
import { logRanges, type LabelNode } from "./label-check";

// Which version of an article is current, read from the reader's node instead of the bridge: one copy for
// `npm run verify` (verify-proof.ts) and the article page's check in the browser (latest-check-line.tsx), so
// zod-free. ArticleRegistry indexes no event by the version a capsule revises (CapsuleSuperseded is emitted only
// for the first revision submitted while the version is Finalized), so the walk goes the other way: every capsule
// finalized since the shown version, and each one's parents from `capsules(id)`, up to the shown version or a root.

/** What the walk needs of the node: eth_blockNumber, eth_getLogs and eth_call (latest). */
export type RegistryNode = Pick<LabelNode, "blockNumber" | "logs" | "call">;

/** ArticleRegistry.Status: None, Pending, Finalized, Rejected, Superseded. */
const FINALIZED = 2;
const SUPERSEDED = 4;
/** Capsules whose parents one walk may read: a node answering parents in a loop or a chain without end stops here. */
export const MAX_PARENT_READS = 2_000;

export type NewerVersion = { capsuleId: string; blockNumber: bigint };
/** `latest`: the newest finalized version revising the shown one (directly or through other versions), or the shown one. */
export type LatestVersion = { latest: string; newer: NewerVersion[] };

type Stored = { parent: bigint; status: number };

async function storedOf(node: RegistryNode, registry: Hex, id: bigint): Promise<Stored> {
  const data = encodeFunctionData({ abi: articleRegistryAbi, functionName: "capsules", args: [id] });
  const stored = decodeFunctionResult({ abi: articleRegistryAbi, functionName: "capsules", data: await node.call(registry, data) });
  return { parent: stored[3], status: stored[4] };
}

/** Every CapsuleFinalized of the registry over [from, head], in eth_getLogs ranges of 10,000 blocks, in chain order. */
async function finalizedSince(node: RegistryNode, registry: Hex, from: bigint, head: bigint): Promise<NewerVersion[]> {
  const topics = encodeEventTopics({ abi: articleRegistryAbi, eventName: "CapsuleFinalized" });
  const out: Array<NewerVersion & { logIndex: bigint }> = [];
  for (const range of logRanges(from, head)) {
    const logs = await node.logs({ address: registry, topics, ...range });
    for (const log of logs) {
      if (log.address.toLowerCase() !== registry.toLowerCase() || log.blockNumber === null || log.logIndex === null) continue;
      const decoded = decodeEventLog({ abi: articleRegistryAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]], strict: true });
      if (decoded.eventName !== "CapsuleFinalized") continue;
      out.push({ capsuleId: decoded.args.capsuleId.toString(), blockNumber: hexToBigInt(log.blockNumber), logIndex: hexToBigInt(log.logIndex) });
    }
  }
  out.sort((a, b) => (a.blockNumber === b.blockNumber ? Number(a.logIndex - b.logIndex) : a.blockNumber < b.blockNumber ? -1 : 1));
  return out.map(({ capsuleId, blockNumber }) => ({ capsuleId, blockNumber }));
}

/**
 * The latest finalized version of the article whose version `capsuleId` was finalized in `finalizedBlock`, as the node
 * at `registry` holds it. The registry marks a Finalized version Superseded when a revision of it is submitted, so a
 * version still Finalized now has no revision (one call). Otherwise every capsule finalized since `finalizedBlock` is a
 * candidate, and one revises the shown version when its parents, read from `capsules(id)`, lead to it — through
 * versions that were rejected or are still under vote too. A revision submitted while the shown version was itself
 * under vote and finalized before it is not looked for (the bridge revises only published or rejected versions).
 */
export async function latestVersion(node: RegistryNode, registry: string, capsuleId: string, finalizedBlock: bigint): Promise<LatestVersion> {
  const address = getAddress(registry);
  const shown = BigInt(capsuleId);
  const own = await storedOf(node, address, shown);
  if (own.status === FINALIZED) return { latest: capsuleId, newer: [] };
  if (own.status !== SUPERSEDED) throw new Error(`the registry holds capsule ${capsuleId} with status ${own.status}, neither finalized (2) nor superseded (4)`);

  const head = hexToBigInt(await node.blockNumber());
  const candidates = (await finalizedSince(node, address, finalizedBlock, head)).filter((c) => c.capsuleId !== capsuleId);
  // true: revises the shown version (through any number of versions); false: leads to a root (parent 0) elsewhere
  const known = new Map<bigint, boolean>([
    [shown, true],
    [0n, false],
  ]);
  let reads = 0;
  const revisesShown = async (id: bigint): Promise<boolean> => {
    const path: bigint[] = [];
    let at = id;
    while (!known.has(at)) {
      if (path.includes(at) || ++reads > MAX_PARENT_READS) throw new Error(`the parents of capsule ${id} do not lead to a first version within ${MAX_PARENT_READS} reads`);
      path.push(at);
      at = (await storedOf(node, address, at)).parent;
    }
    const answer = known.get(at)!;
    for (const p of path) known.set(p, answer);
    return answer;
  };
  const newer: NewerVersion[] = [];
  for (const candidate of candidates) if (await revisesShown(BigInt(candidate.capsuleId))) newer.push(candidate);
  return { latest: newer.at(-1)?.capsuleId ?? capsuleId, newer };
}

/**
 * What the site says of the version it shows against the node's latest: `latest` it is current, as claimed;
 * `superseded` a newer version is current, the one the site names; `newer` the site hides the newest version
 * (or names an older one); `phantom` the site names a replacement the chain does not hold.
 */
export type LatestStanding = "latest" | "superseded" | "newer" | "phantom";

export function standingOf(shown: string, claimedCurrent: string, latest: string): LatestStanding {
  if (latest === shown) return claimedCurrent === shown ? "latest" : "phantom";
  return claimedCurrent === latest ? "superseded" : "newer";
}
