import { decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi/article-registry";
import type { LabelNode } from "./label-check";

// Which version of an article is current, read from the reader's node instead of the bridge: one copy for
// `npm run verify` (verify-proof.ts) and the article page's check in the browser (latest-check-line.tsx), so
// zod-free. ArticleRegistry keeps each version's revisions (`revisionsOf`, whatever became of them) and each
// finalized version's article number (`capsules(id).articleId`, counted up at every finalization), so the walk is
// eth_calls only: however old the shown version, no range of blocks is scanned (docs/DECISIONS.md, "The reader's
// checks read the chain's indexes, not its logs").

/** What the walk needs of the node: eth_call (latest). */
export type RegistryNode = Pick<LabelNode, "call">;

/** ArticleRegistry.Status: None, Pending, Finalized, Rejected, Superseded. */
const FINALIZED = 2;
const SUPERSEDED = 4;
/** Revisions (of any generation) one walk may follow: a node answering with revisions without end stops here. */
export const MAX_REVISIONS = 2_000;
/** eth_calls the walk has in flight at once. */
export const CALLS_AT_ONCE = 10;

/** A finalized revision: `articleId` is the registry's count of finalizations when it was finalized, so later is larger. */
export type NewerVersion = { capsuleId: string; articleId: bigint };
/** `latest`: the newest finalized version revising the shown one (directly or through other versions), or the shown one. */
export type LatestVersion = { latest: string; newer: NewerVersion[] };

/** `capsules(id)`: [outletSlug, submitter, contentHash, parentCapsuleId, status, submittedAt, acceptedAt, articleId, finalizedBy]. */
async function capsuleOf(node: RegistryNode, registry: Hex, id: bigint) {
  const data = encodeFunctionData({ abi: articleRegistryAbi, functionName: "capsules", args: [id] });
  return decodeFunctionResult({ abi: articleRegistryAbi, functionName: "capsules", data: await node.call(registry, data) });
}

async function revisionsOf(node: RegistryNode, registry: Hex, id: bigint): Promise<readonly bigint[]> {
  const data = encodeFunctionData({ abi: articleRegistryAbi, functionName: "revisionsOf", args: [id] });
  return decodeFunctionResult({ abi: articleRegistryAbi, functionName: "revisionsOf", data: await node.call(registry, data) });
}

/** `each` of `items`, CALLS_AT_ONCE at a time, in the items' order. */
async function inTurns<T, R>(items: T[], each: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CALLS_AT_ONCE) out.push(...(await Promise.all(items.slice(i, i + CALLS_AT_ONCE).map(each))));
  return out;
}

/**
 * The latest finalized version of the article whose version `capsuleId` the page shows, as the node at `registry`
 * holds it. The registry marks a Finalized version Superseded when a revision of it is submitted, so a version still
 * Finalized now has no revision (one call). Otherwise the walk reads the shown version's revisions (`revisionsOf`),
 * then theirs, generation by generation — through versions that were rejected or are still under vote too — and
 * last which of them were finalized (`capsules(id)`: an article number, none for a version never finalized): the
 * highest number is the latest.
 */
export async function latestVersion(node: RegistryNode, registry: string, capsuleId: string): Promise<LatestVersion> {
  const address = getAddress(registry);
  const shown = BigInt(capsuleId);
  const status = (await capsuleOf(node, address, shown))[4];
  if (status === FINALIZED) return { latest: capsuleId, newer: [] };
  if (status !== SUPERSEDED) throw new Error(`the registry holds capsule ${capsuleId} with status ${status}, neither finalized (2) nor superseded (4)`);

  // each revision once, whatever the node answers: a loop of revisions ends when no new one comes
  const seen = new Set<bigint>([shown]);
  const revisions: bigint[] = [];
  let frontier = [shown];
  while (frontier.length > 0) {
    const children = (await inTurns(frontier, (id) => revisionsOf(node, address, id))).flat();
    frontier = [];
    for (const child of children) {
      if (seen.has(child)) continue;
      seen.add(child);
      frontier.push(child);
    }
    revisions.push(...frontier);
    if (revisions.length > MAX_REVISIONS) throw new Error(`the node names more than ${MAX_REVISIONS} revisions of capsule ${capsuleId}`);
  }
  const stored = await inTurns(revisions, (id) => capsuleOf(node, address, id));
  const newer = revisions
    .map((id, i) => ({ capsuleId: id.toString(), articleId: stored[i]![7] }))
    .filter((v) => v.articleId !== 0n)
    .sort((a, b) => (a.articleId < b.articleId ? -1 : a.articleId > b.articleId ? 1 : 0));
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
