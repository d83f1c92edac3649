import { decodeEventLog, decodeFunctionResult, encodeEventTopics, encodeFunctionData, getAddress, hexToBigInt, numberToHex, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi/article-registry";
import { labelOfBasis, logAfter } from "./label-rule";
import type { TLabelProof, TLogRef } from "./label-basis";

// The label check, one copy for `npm run verify` (verify-label.ts, over a viem PublicClient) and the article page's
// check in the reader's browser (read-label.ts, over plain JSON-RPC): the label the page shows follows from chain
// facts read from the reader's node — the basis log exists with the claimed arguments, the label is what that log
// means (label-rule.ts), and no later JuryCourt CaseOpened or CaseFinal on any capsule of the article's revision
// chain changes it (docs/DECISIONS.md, "The integrity label's chain basis"). It speaks to the node through
// LabelNode, three JSON-RPC reads in their raw shapes, and uses viem's ABI helpers only: no client, no zod.

/**
 * The two JuryCourt events and the view the check reads, as lib/chain/abi/jury-court.ts has them (label-check.test.ts
 * holds them equal): JuryCourt's whole ABI would add about 6 KB gzipped to the article page's script for three entries.
 */
export const juryCourtReadsAbi = [
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "uint256", name: "caseId", type: "uint256" },
      { indexed: false, internalType: "uint8", name: "round", type: "uint8" },
      { indexed: false, internalType: "uint8[]", name: "findings", type: "uint8[]" },
      { indexed: false, internalType: "uint8", name: "articleFinding", type: "uint8" },
      { indexed: false, internalType: "uint8", name: "winner", type: "uint8" },
      { indexed: false, internalType: "bool", name: "byDefault", type: "bool" },
    ],
    name: "CaseFinal",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "uint256", name: "caseId", type: "uint256" },
      { indexed: true, internalType: "uint256", name: "capsuleId", type: "uint256" },
      { indexed: true, internalType: "address", name: "challenger", type: "address" },
      { indexed: false, internalType: "bytes32", name: "outletKey", type: "bytes32" },
      { indexed: false, internalType: "address", name: "author", type: "address" },
      { indexed: false, internalType: "bytes32[]", name: "claimIds", type: "bytes32[]" },
      { indexed: false, internalType: "uint256", name: "fee", type: "uint256" },
      { indexed: false, internalType: "uint64", name: "snapshotBlock", type: "uint64" },
      { indexed: false, internalType: "uint16", name: "poolSize", type: "uint16" },
    ],
    name: "CaseOpened",
    type: "event",
  },
  {
    inputs: [{ internalType: "uint256", name: "capsuleId", type: "uint256" }],
    name: "casesOf",
    outputs: [
      { internalType: "uint256[]", name: "caseIds", type: "uint256[]" },
      { internalType: "uint64[]", name: "openedIn", type: "uint64[]" },
      { internalType: "uint64[]", name: "finalIn", type: "uint64[]" },
    ],
    stateMutability: "view",
    type: "function",
  },
] as const;
const juryCourtAbi = juryCourtReadsAbi;

export type NodeLog = { address: Hex; topics: readonly Hex[]; data: Hex; blockNumber: Hex | null; logIndex: Hex | null; transactionHash: Hex | null };
export type NodeReceipt = { status: Hex; blockNumber: Hex; logs: readonly NodeLog[] };
export type NodeLogFilter = { address: Hex; topics: Array<Hex | Hex[] | null>; fromBlock: Hex; toBlock: Hex };

/** The node the label is checked against: eth_getTransactionReceipt, eth_getLogs and eth_call (latest). */
export type LabelNode = {
  receipt(hash: Hex): Promise<NodeReceipt | null>;
  logs(filter: NodeLogFilter): Promise<readonly NodeLog[]>;
  call(to: Hex, data: Hex): Promise<Hex>;
};

/**
 * `checked`: the label follows from the chain facts the node holds; `operator`: the bridge set it with no on-chain
 * event (a clerk-era label), so nothing on chain could confirm it, though no later case contradicts it; `failed`.
 */
export type LabelCheck = { outcome: "checked" | "operator"; detail: string } | { outcome: "failed"; detail: string; problem: string };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
type Position = { blockNumber: bigint; logIndex: number };
type Found = { event: "CaseOpened" | "CaseFinal"; caseId: bigint; position: Position; transactionHash: string };

const positionOf = (ref: TLogRef): Position => ({ blockNumber: BigInt(ref.blockNumber), logIndex: ref.logIndex });
const at = (ref: TLogRef) => `block ${ref.blockNumber}, log ${ref.logIndex} of ${ref.transactionHash}`;

/** The log `ref` names, from `contract`, decoded with `abi` (whose events `events` names); or why it is not there. */
async function readLog<const A extends typeof juryCourtAbi | typeof articleRegistryAbi>(node: LabelNode, abi: A, events: string, contract: string, ref: TLogRef) {
  const receipt = await node.receipt(ref.transactionHash as Hex).catch(() => null);
  if (!receipt) return { error: `the node knows no transaction ${ref.transactionHash}` } as const;
  if (receipt.status !== "0x1") return { error: `transaction ${ref.transactionHash} reverted` } as const;
  const block = hexToBigInt(receipt.blockNumber);
  if (block.toString() !== ref.blockNumber) return { error: `the node has ${ref.transactionHash} in block ${block}, not ${ref.blockNumber}` } as const;
  const log = receipt.logs.find((l) => l.logIndex !== null && Number(l.logIndex) === ref.logIndex);
  if (!log) return { error: `no log with index ${ref.logIndex} in ${ref.transactionHash}` } as const;
  if (!same(log.address, contract)) return { error: `log ${ref.logIndex} of ${ref.transactionHash} is from ${getAddress(log.address)}, not ${getAddress(contract)}` } as const;
  try {
    return { error: null, decoded: decodeEventLog({ abi, data: log.data, topics: log.topics as [Hex, ...Hex[]] }) } as const;
  } catch {
    return { error: `log ${ref.logIndex} of ${ref.transactionHash} is no ${events}` } as const;
  }
}

/** Cases on one capsule the check takes from a node: a node listing more is not believed. */
export const MAX_CASES = 1_000;

/**
 * The JuryCourt `eventName` log of case `caseId` in block `block` (a CaseOpened on `capsuleId`), as the node holds it;
 * null when it holds none there.
 */
async function caseLog(node: LabelNode, juryCourt: Hex, eventName: "CaseOpened" | "CaseFinal", caseId: bigint, capsuleId: bigint, block: bigint): Promise<Found | null> {
  const topics = encodeEventTopics({ abi: juryCourtAbi, eventName, args: { caseId } });
  const logs = await node.logs({ address: juryCourt, topics, fromBlock: numberToHex(block), toBlock: numberToHex(block) });
  for (const log of logs) {
    if (!same(log.address, juryCourt) || log.blockNumber === null || log.logIndex === null || hexToBigInt(log.blockNumber) !== block) continue;
    const decoded = decodeEventLog({ abi: juryCourtAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]], strict: true });
    if (decoded.eventName !== eventName || decoded.args.caseId !== caseId) continue;
    if (decoded.eventName === "CaseOpened" && decoded.args.capsuleId !== capsuleId) continue;
    return { event: eventName, caseId, position: { blockNumber: block, logIndex: Number(log.logIndex) }, transactionHash: log.transactionHash ?? "" };
  }
  return null;
}

/**
 * Every JuryCourt CaseOpened on the chain's capsules and the CaseFinal of those cases that ended, as the node has them:
 * JuryCourt's `casesOf` names each capsule's cases and the blocks of their two logs (one eth_call a capsule), and each
 * log is read from its own block. However old the article, no range of blocks is scanned. A problem when the node's
 * index and its logs disagree.
 */
async function juryEvents(node: LabelNode, juryCourt: Hex, capsuleIds: bigint[]): Promise<{ events: Found[] } | { problem: string }> {
  const events: Found[] = [];
  for (const capsuleId of capsuleIds) {
    const data = encodeFunctionData({ abi: juryCourtAbi, functionName: "casesOf", args: [capsuleId] });
    const [caseIds, openedIn, finalIn] = decodeFunctionResult({ abi: juryCourtAbi, functionName: "casesOf", data: await node.call(juryCourt, data) });
    if (caseIds.length > MAX_CASES) return { problem: `the node's JuryCourt lists ${caseIds.length} cases on capsule ${capsuleId}, more than ${MAX_CASES}` };
    for (const [i, caseId] of caseIds.entries()) {
      const opened = await caseLog(node, juryCourt, "CaseOpened", caseId, capsuleId, openedIn[i] ?? 0n);
      if (!opened) return { problem: `the node's JuryCourt lists case ${caseId} on capsule ${capsuleId} as opened in block ${openedIn[i]}, but holds no CaseOpened of it on that capsule there` };
      events.push(opened);
      const ended = finalIn[i] ?? 0n;
      if (ended === 0n) continue;
      const final = await caseLog(node, juryCourt, "CaseFinal", caseId, capsuleId, ended);
      if (!final) return { problem: `the node's JuryCourt lists case ${caseId} as final in block ${ended}, but holds no CaseFinal of it there` };
      events.push(final);
    }
  }
  return { events };
}

/** The basis log on the node: null when it holds the claimed arguments, else what is wrong; and the basis's place in the chain. */
async function checkBasis(node: LabelNode, label: TLabelProof, registry: string): Promise<{ problem: string | null; position: Position | null; fact: string }> {
  const basis = label.basis;
  const inChain = (capsuleId: bigint) => label.chainCapsuleIds.includes(capsuleId.toString());
  switch (basis.kind) {
    case "none":
      return { problem: null, position: null, fact: "no label event" };
    case "operator":
      return {
        problem: null,
        position: null,
        fact: `set by ${basis.by} with no on-chain event (${basis.reason}${basis.transactionHash ? `, transaction ${basis.transactionHash}` : ""}): taken from the bridge`,
      };
    case "juryCaseOpened":
    case "juryFinding": {
      if (!label.juryCourt) return { problem: "the proof names no JuryCourt", position: null, fact: "" };
      const read = await readLog(node, juryCourtAbi, "CaseOpened or CaseFinal event of JuryCourt", label.juryCourt, basis.log);
      if (read.error !== null) return { problem: read.error, position: null, fact: "" };
      const { decoded } = read;
      const fact = `JuryCourt ${getAddress(label.juryCourt)} ${decoded.eventName} at ${at(basis.log)}`;
      if (basis.kind === "juryCaseOpened") {
        if (decoded.eventName !== "CaseOpened") return { problem: `${fact} is not a CaseOpened event`, position: null, fact };
        const ok = decoded.args.caseId === BigInt(basis.caseId) && decoded.args.capsuleId === BigInt(basis.capsuleId) && inChain(decoded.args.capsuleId);
        return { problem: ok ? null : `${fact} opens case ${decoded.args.caseId} on capsule ${decoded.args.capsuleId}; the proof says case ${basis.caseId} on capsule ${basis.capsuleId} of the article`, position: positionOf(basis.log), fact: `${fact}: case ${basis.caseId} opened on capsule ${basis.capsuleId}` };
      }
      if (decoded.eventName !== "CaseFinal") return { problem: `${fact} is not a CaseFinal event`, position: null, fact };
      if (decoded.args.caseId !== BigInt(basis.caseId) || decoded.args.articleFinding !== basis.articleFinding) {
        return { problem: `${fact} ends case ${decoded.args.caseId} with articleFinding ${decoded.args.articleFinding}; the proof says case ${basis.caseId} with ${basis.articleFinding}`, position: null, fact };
      }
      // that the case is one of the article's (its CaseOpened names a capsule of the chain) is checked with the later events
      return { problem: null, position: positionOf(basis.log), fact: `${fact}: case ${basis.caseId} ended with articleFinding ${basis.articleFinding}` };
    }
    case "authorRevision": {
      const read = await readLog(node, articleRegistryAbi, "event of that contract", registry, basis.log);
      if (read.error !== null) return { problem: read.error, position: null, fact: "" };
      const fact = `ArticleRegistry ${getAddress(registry)} ${read.decoded.eventName} at ${at(basis.log)}`;
      if (read.decoded.eventName !== "CapsuleFinalized") return { problem: `${fact} is not a CapsuleFinalized event`, position: null, fact };
      const capsuleId = read.decoded.args.capsuleId;
      if (capsuleId !== BigInt(basis.capsuleId) || !inChain(capsuleId)) return { problem: `${fact} finalizes capsule ${capsuleId}; the proof says the ${basis.capsuleType} ${basis.capsuleId} of this article`, position: null, fact };
      // a correction or retraction revises an earlier version: the registry stores its parent
      const data = encodeFunctionData({ abi: articleRegistryAbi, functionName: "capsules", args: [capsuleId] });
      const stored = await node
        .call(getAddress(registry), data)
        .then((result) => decodeFunctionResult({ abi: articleRegistryAbi, functionName: "capsules", data: result }))
        .catch(() => undefined);
      const parent = stored?.[3];
      if (!parent) return { problem: `${fact}: capsule ${capsuleId} revises no earlier version, so it is no ${basis.capsuleType}`, position: null, fact };
      return { problem: null, position: positionOf(basis.log), fact: `${fact}: the ${basis.capsuleType} ${capsuleId} of capsule ${parent} was finalized` };
    }
  }
}

/** The label check: the label follows from its basis on the node, and nothing later on the node changed it. */
export async function checkLabel(node: LabelNode, label: TLabelProof, capsuleId: string, registry: string): Promise<LabelCheck> {
  const fail = (problem: string): LabelCheck => ({ outcome: "failed", detail: `the bridge shows "${label.value}"; ${problem}`, problem });
  const passed = (detail: string): LabelCheck => ({ outcome: label.basis.kind === "operator" ? "operator" : "checked", detail });
  if (!label.chainCapsuleIds.includes(capsuleId)) return fail(`the versions it names (${label.chainCapsuleIds.join(", ") || "none"}) leave out capsule ${capsuleId} itself`);
  const basis = await checkBasis(node, label, registry);
  if (basis.problem) return fail(basis.problem);
  const follows = labelOfBasis(label.basis);
  if (follows !== label.value) return fail(`${basis.fact} gives "${follows ?? "no label"}"`);
  if (!label.juryCourt) return passed(`"${label.value}" follows from ${basis.fact}; no JuryCourt is named, so no case was looked for`);
  const found = await juryEvents(node, getAddress(label.juryCourt), label.chainCapsuleIds.map(BigInt));
  if ("problem" in found) return fail(found.problem);
  const { events } = found;
  if (label.basis.kind === "juryFinding") {
    const caseId = BigInt(label.basis.caseId);
    if (!events.some((e) => e.event === "CaseOpened" && e.caseId === caseId)) {
      return fail(`${basis.fact}, but the node holds no CaseOpened of case ${caseId} on capsule ${label.chainCapsuleIds.join(", ")}: it is not a case on this article`);
    }
  }
  // cases that ended without a finding put the label back: each must be final on the node
  const ended = new Set<string>();
  for (const c of label.endedWithoutFinding) {
    const final = events.find((e) => e.event === "CaseFinal" && e.caseId === BigInt(c.caseId));
    if (!final || final.position.blockNumber !== BigInt(c.final.blockNumber) || final.position.logIndex !== c.final.logIndex) {
      return fail(`the proof says JuryCourt case ${c.caseId} ended without a finding, but the node holds no such CaseFinal at ${at(c.final)}`);
    }
    ended.add(c.caseId);
  }
  // the contest a label follows from must still be open: its own end is a later fact, whatever it found
  if (label.basis.kind === "juryCaseOpened") ended.delete(label.basis.caseId);
  const later = events.filter((e) => !ended.has(e.caseId.toString()) && (basis.position === null || logAfter(e.position, basis.position)));
  if (later.length > 0) {
    const first = later.sort((a, b) => (logAfter(a.position, b.position) ? 1 : -1))[0]!;
    return fail(`${basis.fact}, but the node holds a later JuryCourt ${first.event} of case ${first.caseId} (block ${first.position.blockNumber}, log ${first.position.logIndex} of ${first.transactionHash}) on this article`);
  }
  const withoutFinding = ended.size > 0 ? `; case ${[...ended].join(", ")} ended without a finding (taken from the bridge) and changed nothing` : "";
  return passed(`"${label.value}" follows from ${basis.fact}; the node holds no later JuryCourt CaseOpened or CaseFinal on capsule ${label.chainCapsuleIds.join(", ")}${withoutFinding}`);
}
