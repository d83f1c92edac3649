import { describe, expect, it } from "vitest";
import { encodeAbiParameters, encodeEventTopics, numberToHex, type Hex } from "viem";
import { juryCourtAbi } from "@/lib/chain/abi";
import { checkLabel, juryCaseEventsAbi, LOG_BLOCKS, withOneHead, type LabelNode, type NodeLog, type NodeLogFilter } from "./label-check";
import type { TLabelProof } from "./label-basis";

// The label check's core, shared by `npm run verify` and the article page's check in the browser, over a node held
// in memory: the logs it holds, the receipts they come in, and every eth_getLogs range the check asks for.

const COURT = "0x00000000000000000000000000000000000000c0" as const;
const REGISTRY = "0x00000000000000000000000000000000000000a0" as const;
const CHALLENGER = "0x00000000000000000000000000000000000000ee" as const;
const HEAD = 25_000n;
const txOf = (n: number): Hex => `0x${n.toString(16).padStart(64, "0")}`;

type Held = NodeLog & { block: bigint };

function opened(caseId: bigint, capsuleId: bigint, block: bigint, logIndex: number, tx: number): Held {
  const topics = encodeEventTopics({ abi: juryCaseEventsAbi, eventName: "CaseOpened", args: { caseId, capsuleId, challenger: CHALLENGER } });
  const data = encodeAbiParameters(
    [{ type: "bytes32" }, { type: "address" }, { type: "bytes32[]" }, { type: "uint256" }, { type: "uint64" }, { type: "uint16" }],
    [`0x${"00".repeat(32)}`, CHALLENGER, [], 10n, block - 1n, 3],
  );
  return { address: COURT, topics: topics as Hex[], data, blockNumber: numberToHex(block), logIndex: numberToHex(logIndex), transactionHash: txOf(tx), block };
}

function final(caseId: bigint, articleFinding: number, block: bigint, logIndex: number, tx: number): Held {
  const topics = encodeEventTopics({ abi: juryCaseEventsAbi, eventName: "CaseFinal", args: { caseId } });
  const data = encodeAbiParameters([{ type: "uint8" }, { type: "uint8[]" }, { type: "uint8" }, { type: "uint8" }, { type: "bool" }], [0, [articleFinding], articleFinding, 1, false]);
  return { address: COURT, topics: topics as Hex[], data, blockNumber: numberToHex(block), logIndex: numberToHex(logIndex), transactionHash: txOf(tx), block };
}

/** A node holding `logs` (each in a receipt of its transaction); `ranges` records every eth_getLogs range asked for. */
function nodeWith(logs: Held[]) {
  const ranges: Array<[bigint, bigint]> = [];
  const matches = (wanted: Hex | Hex[] | null | undefined, topic: Hex | undefined) => wanted === null || wanted === undefined || (Array.isArray(wanted) ? wanted.includes(topic!) : wanted === topic);
  const node: LabelNode = {
    async receipt(hash) {
      const inTx = logs.filter((l) => l.transactionHash === hash);
      return inTx.length === 0 ? null : { status: "0x1", blockNumber: inTx[0]!.blockNumber!, logs: inTx };
    },
    blockNumber: async () => numberToHex(HEAD),
    async logs(filter: NodeLogFilter) {
      const [from, to] = [BigInt(filter.fromBlock), BigInt(filter.toBlock)];
      ranges.push([from, to]);
      return logs.filter((l) => l.block >= from && l.block <= to && filter.topics.every((t, i) => matches(t, l.topics[i])));
    },
    call: async () => "0x",
  };
  return { node, ranges };
}

const ref = (log: Held) => ({ transactionHash: log.transactionHash!, blockNumber: log.block.toString(), logIndex: Number(log.logIndex) });
const proofOf = (label: Pick<TLabelProof, "value" | "basis"> & Partial<TLabelProof>): TLabelProof => ({ juryCourt: COURT, chainCapsuleIds: ["7"], fromBlock: "100", endedWithoutFinding: [], ...label });

describe("the label check's core", () => {
  it("reads JuryCourt's CaseOpened and CaseFinal as the generated ABI has them", () => {
    for (const event of juryCaseEventsAbi) expect(juryCourtAbi.find((item) => item.type === "event" && item.name === event.name)).toEqual(event);
  });

  it("a contested label follows from its CaseOpened; the scan for later cases asks in ranges of 10,000 blocks up to the head, CaseFinal from the case's opening", async () => {
    const open = opened(3n, 7n, 12_000n, 0, 1);
    const { node, ranges } = nodeWith([open]);
    const check = await checkLabel(node, proofOf({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "3", capsuleId: "7", log: ref(open) } }), "7", REGISTRY, 100n);
    expect(check, check.detail).toMatchObject({ outcome: "checked" });
    expect(check.detail).toContain("CaseOpened at block 12000");
    expect(ranges).toEqual([
      [100n, 100n + LOG_BLOCKS - 1n],
      [100n + LOG_BLOCKS, 100n + 2n * LOG_BLOCKS - 1n],
      [100n + 2n * LOG_BLOCKS, HEAD],
      // the CaseFinal of case 3, looked for from the block it opened in
      [12_000n, 12_000n + LOG_BLOCKS - 1n],
      [12_000n + LOG_BLOCKS, HEAD],
    ]);
  });

  it("a disputed article passed off as clean fails: the node holds its CaseOpened", async () => {
    const { node } = nodeWith([opened(3n, 7n, 12_000n, 0, 1)]);
    const check = await checkLabel(node, proofOf({ value: "clean", basis: { kind: "none" } }), "7", REGISTRY, 100n);
    expect(check.outcome).toBe("failed");
    expect(check.detail).toMatch(/later JuryCourt CaseOpened of case 3 \(block 12000/);
  });

  it("a label that is not what the finding gives fails, and so does a contested label after the case's CaseFinal", async () => {
    const open = opened(3n, 7n, 12_000n, 0, 1);
    const end = final(3n, 2, 20_000n, 1, 2);
    const { node } = nodeWith([open, end]);
    const tampered = await checkLabel(node, proofOf({ value: "verified", basis: { kind: "juryFinding", caseId: "3", capsuleId: "7", articleFinding: 2, log: ref(end) } }), "7", REGISTRY, 100n);
    expect(tampered).toMatchObject({ outcome: "failed" });
    expect(tampered.detail).toContain('gives "misleading"');
    const found = await checkLabel(node, proofOf({ value: "misleading", basis: { kind: "juryFinding", caseId: "3", capsuleId: "7", articleFinding: 2, log: ref(end) } }), "7", REGISTRY, 100n);
    expect(found, found.detail).toMatchObject({ outcome: "checked" });
    const stale = await checkLabel(node, proofOf({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "3", capsuleId: "7", log: ref(open) } }), "7", REGISTRY, 100n);
    expect(stale.outcome).toBe("failed");
    expect(stale.detail).toMatch(/later JuryCourt CaseFinal of case 3/);
  });

  it("a node where the basis log does not exist fails the check", async () => {
    const open = opened(3n, 7n, 12_000n, 0, 1);
    const { node } = nodeWith([]);
    const check = await checkLabel(node, proofOf({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "3", capsuleId: "7", log: ref(open) } }), "7", REGISTRY, 100n);
    expect(check).toEqual({ outcome: "failed", detail: `the bridge shows "contested"; the node knows no transaction ${open.transactionHash}`, problem: `the node knows no transaction ${open.transactionHash}` });
  });

  it("the contest a contested label follows from must still be open, even when the proof lists it as ended without a finding", async () => {
    const open = opened(5n, 7n, 12_000n, 0, 1);
    const end = final(5n, 0, 13_000n, 0, 2);
    const { node } = nodeWith([open, end]);
    const endedWithoutFinding = [{ caseId: "5", capsuleId: "7", opened: ref(open), final: ref(end) }];
    const check = await checkLabel(node, proofOf({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "5", capsuleId: "7", log: ref(open) }, endedWithoutFinding }), "7", REGISTRY, 100n);
    expect(check.outcome).toBe("failed");
    expect(check.detail).toMatch(/later JuryCourt CaseFinal of case 5/);
  });

  it("cases listed as ended without a finding change nothing; a label set with no chain event is 'operator', not checked", async () => {
    const open = opened(4n, 7n, 12_000n, 0, 1);
    const end = final(4n, 0, 13_000n, 0, 2);
    const { node } = nodeWith([open, end]);
    const endedWithoutFinding = [{ caseId: "4", capsuleId: "7", opened: ref(open), final: ref(end) }];
    const clean = await checkLabel(node, proofOf({ value: "clean", basis: { kind: "none" }, endedWithoutFinding }), "7", REGISTRY, 100n);
    expect(clean, clean.detail).toMatchObject({ outcome: "checked" });
    expect(clean.detail).toContain("case 4 ended without a finding");
    const operator = await checkLabel(nodeWith([]).node, proofOf({ value: "contested", basis: { kind: "operator", label: "contested", by: "clerk", reason: "clerk-era case", caseId: "2", transactionHash: null } }), "7", REGISTRY, 100n);
    expect(operator, operator.detail).toMatchObject({ outcome: "operator" });
  });

  it("withOneHead: the label check and the latest-version walk share one eth_blockNumber; a failed read is asked again", async () => {
    let asked = 0;
    let fails = 1;
    const { node } = nodeWith([]);
    const shared = withOneHead({
      ...node,
      blockNumber: async () => {
        asked += 1;
        if (fails-- > 0) throw new Error("eth_blockNumber: the node answered HTTP 502");
        return numberToHex(HEAD);
      },
    });
    await expect(shared.blockNumber()).rejects.toThrow("HTTP 502");
    expect(await Promise.all([shared.blockNumber(), shared.blockNumber()])).toEqual([numberToHex(HEAD), numberToHex(HEAD)]);
    await checkLabel(shared, proofOf({ value: "clean", basis: { kind: "none" } }), "7", REGISTRY, 100n);
    expect(asked).toBe(2);
  });
});
