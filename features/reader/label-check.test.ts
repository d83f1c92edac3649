import { describe, expect, it } from "vitest";
import { decodeEventLog, decodeFunctionData, encodeAbiParameters, encodeEventTopics, encodeFunctionResult, numberToHex, type Hex } from "viem";
import { juryCourtAbi } from "@/lib/chain/abi";
import { checkLabel, juryCourtReadsAbi, MAX_CASES, type LabelNode, type NodeLog, type NodeLogFilter } from "./label-check";
import type { TLabelProof } from "./label-basis";

// The label check's core, shared by `npm run verify` and the article page's check in the browser, over a node held
// in memory: the logs it holds, the receipts they come in, JuryCourt's index of cases by capsule, and every eth_getLogs
// range and casesOf call the check asks for.

const COURT = "0x00000000000000000000000000000000000000c0" as const;
const REGISTRY = "0x00000000000000000000000000000000000000a0" as const;
const CHALLENGER = "0x00000000000000000000000000000000000000ee" as const;
const txOf = (n: number): Hex => `0x${n.toString(16).padStart(64, "0")}`;

type Held = NodeLog & { block: bigint };

function opened(caseId: bigint, capsuleId: bigint, block: bigint, logIndex: number, tx: number): Held {
  const topics = encodeEventTopics({ abi: juryCourtReadsAbi, eventName: "CaseOpened", args: { caseId, capsuleId, challenger: CHALLENGER } });
  const data = encodeAbiParameters(
    [{ type: "bytes32" }, { type: "address" }, { type: "bytes32[]" }, { type: "uint256" }, { type: "uint64" }, { type: "uint16" }],
    [`0x${"00".repeat(32)}`, CHALLENGER, [], 10n, block - 1n, 3],
  );
  return { address: COURT, topics: topics as Hex[], data, blockNumber: numberToHex(block), logIndex: numberToHex(logIndex), transactionHash: txOf(tx), block };
}

function final(caseId: bigint, articleFinding: number, block: bigint, logIndex: number, tx: number): Held {
  const topics = encodeEventTopics({ abi: juryCourtReadsAbi, eventName: "CaseFinal", args: { caseId } });
  const data = encodeAbiParameters([{ type: "uint8" }, { type: "uint8[]" }, { type: "uint8" }, { type: "uint8" }, { type: "bool" }], [0, [articleFinding], articleFinding, 1, false]);
  return { address: COURT, topics: topics as Hex[], data, blockNumber: numberToHex(block), logIndex: numberToHex(logIndex), transactionHash: txOf(tx), block };
}

/**
 * A node holding `logs` (each in a receipt of its transaction) whose JuryCourt's `casesOf` lists, per capsule, the
 * cases of the CaseOpened logs held and the blocks of those and of their CaseFinal logs (or `index`, to disagree).
 * `ranges` records every eth_getLogs range asked for, `calls` every casesOf asked for.
 */
function nodeWith(logs: Held[], index?: (capsuleId: bigint) => [bigint[], bigint[], bigint[]]) {
  const ranges: Array<[bigint, bigint]> = [];
  const calls: bigint[] = [];
  const matches = (wanted: Hex | Hex[] | null | undefined, topic: Hex | undefined) => wanted === null || wanted === undefined || (Array.isArray(wanted) ? wanted.includes(topic!) : wanted === topic);
  const decoded = logs.map((log) => ({ log, event: decodeEventLog({ abi: juryCourtReadsAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] }) }));
  const casesOf = (capsuleId: bigint): [bigint[], bigint[], bigint[]] => {
    const opened = decoded.flatMap(({ log, event }) => (event.eventName === "CaseOpened" && event.args.capsuleId === capsuleId ? [{ caseId: event.args.caseId, block: log.block }] : []));
    const finalIn = (caseId: bigint) => decoded.find(({ event }) => event.eventName === "CaseFinal" && event.args.caseId === caseId)?.log.block ?? 0n;
    return [opened.map((o) => o.caseId), opened.map((o) => o.block), opened.map((o) => finalIn(o.caseId))];
  };
  const node: LabelNode = {
    async receipt(hash) {
      const inTx = logs.filter((l) => l.transactionHash === hash);
      return inTx.length === 0 ? null : { status: "0x1", blockNumber: inTx[0]!.blockNumber!, logs: inTx };
    },
    async logs(filter: NodeLogFilter) {
      const [from, to] = [BigInt(filter.fromBlock), BigInt(filter.toBlock)];
      ranges.push([from, to]);
      return logs.filter((l) => l.block >= from && l.block <= to && filter.topics.every((t, i) => matches(t, l.topics[i])));
    },
    async call(to, data) {
      expect(to.toLowerCase()).toBe(COURT);
      const { args } = decodeFunctionData({ abi: juryCourtReadsAbi, data });
      const capsuleId = args[0];
      calls.push(capsuleId);
      return encodeFunctionResult({ abi: juryCourtReadsAbi, functionName: "casesOf", result: (index ?? casesOf)(capsuleId) });
    },
  };
  return { node, ranges, calls };
}

const ref = (log: Held) => ({ transactionHash: log.transactionHash!, blockNumber: log.block.toString(), logIndex: Number(log.logIndex) });
const proofOf = (label: Pick<TLabelProof, "value" | "basis"> & Partial<TLabelProof>): TLabelProof => ({ juryCourt: COURT, chainCapsuleIds: ["7"], fromBlock: "100", endedWithoutFinding: [], ...label });

describe("the label check's core", () => {
  it("reads JuryCourt's CaseOpened, CaseFinal and casesOf as the generated ABI has them", () => {
    for (const entry of juryCourtReadsAbi) expect(juryCourtAbi.find((item) => item.type === entry.type && "name" in item && item.name === entry.name)).toEqual(entry);
  });

  it("a contested label follows from its CaseOpened: one casesOf per version, and each case's logs read from their own block, however old the article", async () => {
    const open = opened(3n, 7n, 12_000_000n, 0, 1);
    const { node, ranges, calls } = nodeWith([open]);
    const check = await checkLabel(node, proofOf({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "3", capsuleId: "7", log: ref(open) }, chainCapsuleIds: ["5", "7"], fromBlock: "100" }), "7", REGISTRY);
    expect(check, check.detail).toMatchObject({ outcome: "checked" });
    expect(check.detail).toContain("CaseOpened at block 12000000");
    expect(calls).toEqual([5n, 7n]);
    expect(ranges).toEqual([[12_000_000n, 12_000_000n]]);
  });

  it("a case on an earlier version of the article counts too, and so does its CaseFinal", async () => {
    const open = opened(2n, 5n, 500n, 0, 1);
    const end = final(2n, 3, 900n, 0, 2);
    const { node, ranges } = nodeWith([open, end]);
    const clean = await checkLabel(node, proofOf({ value: "clean", basis: { kind: "none" }, chainCapsuleIds: ["5", "7"] }), "7", REGISTRY);
    expect(clean.outcome).toBe("failed");
    expect(clean.detail).toMatch(/later JuryCourt CaseOpened of case 2 \(block 500/);
    expect(ranges).toEqual([[500n, 500n], [900n, 900n]]);
  });

  it("a node whose case index and logs disagree fails: a listed case without its CaseOpened there, or one opened on another capsule", async () => {
    const open = opened(3n, 7n, 12_000n, 0, 1);
    const moved = nodeWith([open], () => [[3n], [12_001n], [0n]]);
    const missing = await checkLabel(moved.node, proofOf({ value: "clean", basis: { kind: "none" } }), "7", REGISTRY);
    expect(missing.outcome).toBe("failed");
    expect(missing.detail).toContain("lists case 3 on capsule 7 as opened in block 12001, but holds no CaseOpened of it on that capsule there");
    const elsewhere = opened(4n, 8n, 13_000n, 0, 2);
    const borrowed = nodeWith([elsewhere], (capsuleId) => (capsuleId === 7n ? [[4n], [13_000n], [0n]] : [[], [], []]));
    expect((await checkLabel(borrowed.node, proofOf({ value: "clean", basis: { kind: "none" } }), "7", REGISTRY)).detail).toContain("holds no CaseOpened of it on that capsule there");
    const unfinished = nodeWith([open], () => [[3n], [12_000n], [12_500n]]);
    expect((await checkLabel(unfinished.node, proofOf({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "3", capsuleId: "7", log: ref(open) } }), "7", REGISTRY)).detail).toContain(
      "lists case 3 as final in block 12500, but holds no CaseFinal of it there",
    );
    const endless = nodeWith([], () => [Array.from({ length: MAX_CASES + 1 }, (_, i) => BigInt(i + 1)), Array(MAX_CASES + 1).fill(1n), Array(MAX_CASES + 1).fill(0n)]);
    const tooMany = await checkLabel(endless.node, proofOf({ value: "clean", basis: { kind: "none" } }), "7", REGISTRY);
    expect(tooMany.detail).toContain(`lists ${MAX_CASES + 1} cases on capsule 7, more than ${MAX_CASES}`);
    expect(endless.ranges).toEqual([]);
  });

  it("a disputed article passed off as clean fails: the node holds its CaseOpened", async () => {
    const { node } = nodeWith([opened(3n, 7n, 12_000n, 0, 1)]);
    const check = await checkLabel(node, proofOf({ value: "clean", basis: { kind: "none" } }), "7", REGISTRY);
    expect(check.outcome).toBe("failed");
    expect(check.detail).toMatch(/later JuryCourt CaseOpened of case 3 \(block 12000/);
  });

  it("a label that is not what the finding gives fails, and so does a contested label after the case's CaseFinal", async () => {
    const open = opened(3n, 7n, 12_000n, 0, 1);
    const end = final(3n, 2, 20_000n, 1, 2);
    const { node } = nodeWith([open, end]);
    const tampered = await checkLabel(node, proofOf({ value: "verified", basis: { kind: "juryFinding", caseId: "3", capsuleId: "7", articleFinding: 2, log: ref(end) } }), "7", REGISTRY);
    expect(tampered).toMatchObject({ outcome: "failed" });
    expect(tampered.detail).toContain('gives "misleading"');
    const found = await checkLabel(node, proofOf({ value: "misleading", basis: { kind: "juryFinding", caseId: "3", capsuleId: "7", articleFinding: 2, log: ref(end) } }), "7", REGISTRY);
    expect(found, found.detail).toMatchObject({ outcome: "checked" });
    const stale = await checkLabel(node, proofOf({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "3", capsuleId: "7", log: ref(open) } }), "7", REGISTRY);
    expect(stale.outcome).toBe("failed");
    expect(stale.detail).toMatch(/later JuryCourt CaseFinal of case 3/);
  });

  it("a node where the basis log does not exist fails the check", async () => {
    const open = opened(3n, 7n, 12_000n, 0, 1);
    const { node } = nodeWith([]);
    const check = await checkLabel(node, proofOf({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "3", capsuleId: "7", log: ref(open) } }), "7", REGISTRY);
    expect(check).toEqual({ outcome: "failed", detail: `the bridge shows "contested"; the node knows no transaction ${open.transactionHash}`, problem: `the node knows no transaction ${open.transactionHash}` });
  });

  it("the contest a contested label follows from must still be open, even when the proof lists it as ended without a finding", async () => {
    const open = opened(5n, 7n, 12_000n, 0, 1);
    const end = final(5n, 0, 13_000n, 0, 2);
    const { node } = nodeWith([open, end]);
    const endedWithoutFinding = [{ caseId: "5", capsuleId: "7", opened: ref(open), final: ref(end) }];
    const check = await checkLabel(node, proofOf({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "5", capsuleId: "7", log: ref(open) }, endedWithoutFinding }), "7", REGISTRY);
    expect(check.outcome).toBe("failed");
    expect(check.detail).toMatch(/later JuryCourt CaseFinal of case 5/);
  });

  it("cases listed as ended without a finding change nothing; a label set with no chain event is 'operator', not checked", async () => {
    const open = opened(4n, 7n, 12_000n, 0, 1);
    const end = final(4n, 0, 13_000n, 0, 2);
    const { node } = nodeWith([open, end]);
    const endedWithoutFinding = [{ caseId: "4", capsuleId: "7", opened: ref(open), final: ref(end) }];
    const clean = await checkLabel(node, proofOf({ value: "clean", basis: { kind: "none" }, endedWithoutFinding }), "7", REGISTRY);
    expect(clean, clean.detail).toMatchObject({ outcome: "checked" });
    expect(clean.detail).toContain("case 4 ended without a finding");
    const operator = await checkLabel(nodeWith([]).node, proofOf({ value: "contested", basis: { kind: "operator", label: "contested", by: "clerk", reason: "clerk-era case", caseId: "2", transactionHash: null } }), "7", REGISTRY);
    expect(operator, operator.detail).toMatchObject({ outcome: "operator" });
  });
});
