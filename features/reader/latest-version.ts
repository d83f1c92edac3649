import { decodeEventLog, decodeFunctionResult, encodeEventTopics, encodeFunctionData, getAddress, hexToBigInt, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi/article-registry";
import { logRanges, type LabelNode } from "./label-check";

// Which version of an article is current, read from the reader's node instead of the bridge: one copy for
// `npm run verify` (verify-proof.ts) and the article page's check in the browser (latest-check-line.tsx), so
// zod-free. ArticleRegistry emits CapsuleRevises(parentCapsuleId indexed, capsuleId indexed) for every revision,
// whatever the status of the version it revises, so the walk asks the node for a version's revisions by topic:
// one eth_getLogs pass per generation of revisions, then one for which of them were finalized. Capsules of other
// articles finalized meanwhile cost nothing (docs/DECISIONS.md, "CapsuleRevises: the registry indexes each revision
// by the version it revises").

/** What the walk needs of the node: eth_blockNumber, eth_getLogs and eth_call (latest). */
export type RegistryNode = Pick<LabelNode, "blockNumber" | "logs" | "call">;

/** ArticleRegistry.Status: None, Pending, Finalized, Rejected, Superseded. */
const FINALIZED = 2;
const SUPERSEDED = 4;
/** Revisions (of any generation) one walk may follow: a node answering with revisions without end stops here. */
export const MAX_REVISIONS = 2_000;
/** Capsule ids one eth_getLogs topic OR-list carries. */
export const TOPIC_IDS = 100;

export type NewerVersion = { capsuleId: string; blockNumber: bigint };
/** `latest`: the newest finalized version revising the shown one (directly or through other versions), or the shown one. */
export type LatestVersion = { latest: string; newer: NewerVersion[] };

type Found = { parent: bigint; capsuleId: bigint; blockNumber: bigint; logIndex: bigint };

async function statusOf(node: RegistryNode, registry: Hex, id: bigint): Promise<number> {
  const data = encodeFunctionData({ abi: articleRegistryAbi, functionName: "capsules", args: [id] });
  return decodeFunctionResult({ abi: articleRegistryAbi, functionName: "capsules", data: await node.call(registry, data) })[4];
}

const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / TOPIC_IDS) }, (_, i) => items.slice(i * TOPIC_IDS, (i + 1) * TOPIC_IDS));
const inChainOrder = (a: Found, b: Found) => (a.blockNumber === b.blockNumber ? Number(a.logIndex - b.logIndex) : a.blockNumber < b.blockNumber ? -1 : 1);

/**
 * The registry's `eventName` logs over [from, head] whose first indexed argument is one of `ids` (topic1 OR-lists of
 * TOPIC_IDS ids, eth_getLogs ranges of 10,000 blocks); a log the node adds outside the filter is dropped.
 */
async function logsOf(node: RegistryNode, registry: Hex, eventName: "CapsuleRevises" | "CapsuleFinalized", ids: bigint[], from: bigint, head: bigint): Promise<Found[]> {
  const asked = new Set(ids);
  const out: Found[] = [];
  for (const chunk of chunks(ids)) {
    const topics =
      eventName === "CapsuleRevises" ? encodeEventTopics({ abi: articleRegistryAbi, eventName, args: { parentCapsuleId: chunk } }) : encodeEventTopics({ abi: articleRegistryAbi, eventName, args: { capsuleId: chunk } });
    for (const range of logRanges(from, head)) {
      for (const log of await node.logs({ address: registry, topics, ...range })) {
        if (log.address.toLowerCase() !== registry.toLowerCase() || log.blockNumber === null || log.logIndex === null) continue;
        const decoded = decodeEventLog({ abi: articleRegistryAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]], strict: true });
        const position = { blockNumber: hexToBigInt(log.blockNumber), logIndex: hexToBigInt(log.logIndex) };
        if (decoded.eventName === "CapsuleRevises" && eventName === "CapsuleRevises" && asked.has(decoded.args.parentCapsuleId)) out.push({ parent: decoded.args.parentCapsuleId, capsuleId: decoded.args.capsuleId, ...position });
        if (decoded.eventName === "CapsuleFinalized" && eventName === "CapsuleFinalized" && asked.has(decoded.args.capsuleId)) out.push({ parent: 0n, capsuleId: decoded.args.capsuleId, ...position });
      }
    }
  }
  return out.sort(inChainOrder);
}

/**
 * The latest finalized version of the article whose version `capsuleId` was finalized in `finalizedBlock`, as the node
 * at `registry` holds it. The registry marks a Finalized version Superseded when a revision of it is submitted, so a
 * version still Finalized now has no revision (one call). Otherwise the walk reads the revisions of the shown version
 * from its CapsuleRevises logs since `finalizedBlock`, then their revisions, generation by generation (one eth_getLogs
 * pass per generation, each from the block of the generation before's first submission) — through versions that were
 * rejected or are still under vote too; and last which of them the node holds a CapsuleFinalized of: the newest is
 * the latest. A revision submitted while the shown version was itself under vote and finalized before it is not
 * looked for (the bridge revises only published or rejected versions).
 */
export async function latestVersion(node: RegistryNode, registry: string, capsuleId: string, finalizedBlock: bigint): Promise<LatestVersion> {
  const address = getAddress(registry);
  const shown = BigInt(capsuleId);
  const status = await statusOf(node, address, shown);
  if (status === FINALIZED) return { latest: capsuleId, newer: [] };
  if (status !== SUPERSEDED) throw new Error(`the registry holds capsule ${capsuleId} with status ${status}, neither finalized (2) nor superseded (4)`);

  const to = hexToBigInt(await node.blockNumber());
  // each revision once, whatever the node answers: a loop of revisions ends when no new one comes
  const seen = new Set<bigint>([shown]);
  const revisions: bigint[] = [];
  let frontier = [shown];
  let from = finalizedBlock;
  while (frontier.length > 0) {
    const found = (await logsOf(node, address, "CapsuleRevises", frontier, from, to)).filter((r) => !seen.has(r.capsuleId));
    frontier = [];
    for (const r of found) {
      if (seen.has(r.capsuleId)) continue; // named twice in this generation
      seen.add(r.capsuleId);
      frontier.push(r.capsuleId);
    }
    revisions.push(...frontier);
    if (revisions.length > MAX_REVISIONS) throw new Error(`the node names more than ${MAX_REVISIONS} revisions of capsule ${capsuleId}`);
    // a revision is submitted after the version it revises: the next generation starts at this one's first submission
    if (found.length > 0) from = found[0]!.blockNumber;
  }
  const finalized = new Map<string, NewerVersion>();
  for (const f of await logsOf(node, address, "CapsuleFinalized", revisions, finalizedBlock, to)) {
    if (!finalized.has(f.capsuleId.toString())) finalized.set(f.capsuleId.toString(), { capsuleId: f.capsuleId.toString(), blockNumber: f.blockNumber });
  }
  const newer = [...finalized.values()];
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
