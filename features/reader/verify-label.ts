import { decodeEventLog, getAddress, type Hex, type PublicClient } from "viem";
import { articleRegistryAbi, juryCourtAbi } from "@/lib/chain/abi";
import { labelOfBasis, logAfter, type TLabelProof, type TLogRef } from "./label-basis";
import type { Check } from "./verify-proof";

// The "label" check of `npm run verify`: the label the reader page shows follows from chain facts read from the
// reader's node — the basis log exists with the claimed arguments, the label is what that log means (JuryCourt's
// articleFinding → label, as features/court/jury-settle.ts applies it), and no later JuryCourt CaseOpened or
// CaseFinal on any capsule of the article's revision chain changes it (docs/DECISIONS.md, "The integrity label's
// chain basis").

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
type Position = { blockNumber: bigint; logIndex: number };
type Found = { event: "CaseOpened" | "CaseFinal"; caseId: bigint; position: Position; transactionHash: string };

const positionOf = (ref: TLogRef): Position => ({ blockNumber: BigInt(ref.blockNumber), logIndex: ref.logIndex });
const at = (ref: TLogRef) => `block ${ref.blockNumber}, log ${ref.logIndex} of ${ref.transactionHash}`;

/** The log `ref` names, from `contract`, decoded with `abi`; or why it is not there. */
async function readLog<const A extends typeof juryCourtAbi | typeof articleRegistryAbi>(client: PublicClient, abi: A, contract: string, ref: TLogRef) {
  const receipt = await client.getTransactionReceipt({ hash: ref.transactionHash as Hex }).catch(() => undefined);
  if (!receipt) return { error: `the node knows no transaction ${ref.transactionHash}` } as const;
  if (receipt.status !== "success") return { error: `transaction ${ref.transactionHash} reverted` } as const;
  if (receipt.blockNumber.toString() !== ref.blockNumber) return { error: `the node has ${ref.transactionHash} in block ${receipt.blockNumber}, not ${ref.blockNumber}` } as const;
  const log = receipt.logs.find((l) => l.logIndex === ref.logIndex);
  if (!log) return { error: `no log with index ${ref.logIndex} in ${ref.transactionHash}` } as const;
  if (!same(log.address, contract)) return { error: `log ${ref.logIndex} of ${ref.transactionHash} is from ${getAddress(log.address)}, not ${getAddress(contract)}` } as const;
  try {
    return { error: null, decoded: decodeEventLog({ abi, data: log.data, topics: log.topics }) } as const;
  } catch {
    return { error: `log ${ref.logIndex} of ${ref.transactionHash} is no event of that contract` } as const;
  }
}

/** Blocks one eth_getLogs request covers: what hosted providers and the bridge's /rpc gateway answer (server/gateway/log-range.ts). */
const LOG_BLOCKS = 10_000n;

/** `read` over [from, head] in ranges of LOG_BLOCKS blocks. */
async function inRanges<T>(client: PublicClient, from: bigint, read: (fromBlock: bigint, toBlock: bigint) => Promise<T[]>): Promise<T[]> {
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const out: T[] = [];
  for (let start = from; start <= head; start += LOG_BLOCKS) out.push(...(await read(start, start + LOG_BLOCKS - 1n > head ? head : start + LOG_BLOCKS - 1n)));
  return out;
}

/** Every JuryCourt CaseOpened on the chain's capsules since `from` and every CaseFinal of those cases, as the node has them. */
async function juryEvents(client: PublicClient, juryCourt: Hex, capsuleIds: bigint[], from: bigint): Promise<Found[]> {
  if (capsuleIds.length === 0) return [];
  const opened = await inRanges(client, from, (fromBlock, toBlock) => client.getContractEvents({ address: juryCourt, abi: juryCourtAbi, eventName: "CaseOpened", args: { capsuleId: capsuleIds }, fromBlock, toBlock, strict: true }));
  const caseIds = [...new Set(opened.map((l) => l.args.caseId))];
  const finals = caseIds.length === 0 ? [] : await inRanges(client, from, (fromBlock, toBlock) => client.getContractEvents({ address: juryCourt, abi: juryCourtAbi, eventName: "CaseFinal", args: { caseId: caseIds }, fromBlock, toBlock, strict: true }));
  return [
    ...opened.map((l) => ({ event: "CaseOpened" as const, caseId: l.args.caseId, position: { blockNumber: l.blockNumber, logIndex: l.logIndex }, transactionHash: l.transactionHash })),
    ...finals.map((l) => ({ event: "CaseFinal" as const, caseId: l.args.caseId, position: { blockNumber: l.blockNumber, logIndex: l.logIndex }, transactionHash: l.transactionHash })),
  ];
}

/** The basis log on the node: null when it holds the claimed arguments, else what is wrong; and the basis's place in the chain. */
async function checkBasis(client: PublicClient, label: TLabelProof, registry: string): Promise<{ problem: string | null; position: Position | null; fact: string }> {
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
      const read = await readLog(client, juryCourtAbi, label.juryCourt, basis.log);
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
      const read = await readLog(client, articleRegistryAbi, registry, basis.log);
      if (read.error !== null) return { problem: read.error, position: null, fact: "" };
      const fact = `ArticleRegistry ${getAddress(registry)} ${read.decoded.eventName} at ${at(basis.log)}`;
      if (read.decoded.eventName !== "CapsuleFinalized") return { problem: `${fact} is not a CapsuleFinalized event`, position: null, fact };
      const capsuleId = read.decoded.args.capsuleId;
      if (capsuleId !== BigInt(basis.capsuleId) || !inChain(capsuleId)) return { problem: `${fact} finalizes capsule ${capsuleId}; the proof says the ${basis.capsuleType} ${basis.capsuleId} of this article`, position: null, fact };
      // a correction or retraction revises an earlier version: the registry stores its parent
      const stored = await client.readContract({ address: getAddress(registry), abi: articleRegistryAbi, functionName: "capsules", args: [capsuleId] }).catch(() => undefined);
      const parent = stored?.[3];
      if (!parent) return { problem: `${fact}: capsule ${capsuleId} revises no earlier version, so it is no ${basis.capsuleType}`, position: null, fact };
      return { problem: null, position: positionOf(basis.log), fact: `${fact}: the ${basis.capsuleType} ${capsuleId} of capsule ${parent} was finalized` };
    }
  }
}

/** The "label" check: the label follows from its basis on the node, and nothing later on the node changed it. */
export async function verifyLabel(client: PublicClient, label: TLabelProof, capsuleId: string, registry: string, finalizedBlock: bigint): Promise<Check> {
  const name = "label";
  const fail = (detail: string): Check => ({ name, ok: false, detail: `the bridge shows "${label.value}"; ${detail}` });
  if (!label.chainCapsuleIds.includes(capsuleId)) return fail(`the versions it names (${label.chainCapsuleIds.join(", ") || "none"}) leave out capsule ${capsuleId} itself`);
  const basis = await checkBasis(client, label, registry);
  if (basis.problem) return fail(basis.problem);
  const follows = labelOfBasis(label.basis);
  if (follows !== label.value) return fail(`${basis.fact} gives "${follows ?? "no label"}"`);
  if (!label.juryCourt) return { name, ok: true, detail: `"${label.value}" follows from ${basis.fact}; no JuryCourt is named, so no case was looked for` };
  // no case on the article is older than its first version; the scan must reach back to the basis and to this version
  const from = BigInt(label.fromBlock);
  const reaches = [finalizedBlock, basis.position?.blockNumber, ...label.endedWithoutFinding.map((c) => BigInt(c.opened.blockNumber))].every((b) => b === undefined || from <= b);
  if (!reaches) return fail(`the proof starts the scan for cases at block ${label.fromBlock}, after the facts it names`);
  const events = await juryEvents(client, getAddress(label.juryCourt), label.chainCapsuleIds.map(BigInt), from);
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
  const later = events.filter(
    (e) =>
      !ended.has(e.caseId.toString()) &&
      (basis.position === null || logAfter(e.position, basis.position)),
  );
  if (later.length > 0) {
    const first = later.sort((a, b) => (logAfter(a.position, b.position) ? 1 : -1))[0]!;
    return fail(`${basis.fact}, but the node holds a later JuryCourt ${first.event} of case ${first.caseId} (block ${first.position.blockNumber}, log ${first.position.logIndex} of ${first.transactionHash}) on this article`);
  }
  const withoutFinding = ended.size > 0 ? `; case ${[...ended].join(", ")} ended without a finding (taken from the bridge) and changed nothing` : "";
  return {
    name,
    ok: true,
    detail: `"${label.value}" follows from ${basis.fact}; the node holds no later JuryCourt CaseOpened or CaseFinal on capsule ${label.chainCapsuleIds.join(", ")}${withoutFinding}`,
  };
}
