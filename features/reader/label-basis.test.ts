import { describe, expect, it } from "vitest";
import { FINDING } from "@/lib/chain/jury-ballots";
import { findingName } from "@/lib/chain/jury-claims";
import type { TLabelBasis } from "./label-basis";
import { labelOfBasis, labelOfFinding, logAfter } from "./label-rule";

const log = { transactionHash: `0x${"ab".repeat(32)}`, blockNumber: "12", logIndex: 3 };

describe("the label a chain basis gives the article", () => {
  it("maps JuryCourt's articleFinding codes to the label the settlement applies", () => {
    expect(labelOfFinding(FINDING.verified)).toBe("verified");
    expect(labelOfFinding(FINDING.misleading)).toBe("misleading");
    expect(labelOfFinding(FINDING.fraudulent)).toBe("fraudulent");
    expect(labelOfFinding(FINDING.unresolved)).toBe("unresolved");
    // the settlement (features/court/jury-settle.ts) labels the article findingName(articleFinding)
    for (const code of [1, 2, 3, 4]) expect(labelOfFinding(code)).toBe(findingName(code));
  });

  it("gives no label for a code JuryCourt never emits", () => {
    expect(labelOfFinding(0)).toBeNull();
    expect(labelOfFinding(5)).toBeNull();
    expect(labelOfBasis({ kind: "juryFinding", caseId: "1", capsuleId: "2", log, articleFinding: 9 })).toBeNull();
  });

  it("reads each kind of basis", () => {
    const cases: Array<[TLabelBasis, string]> = [
      [{ kind: "none" }, "clean"],
      [{ kind: "juryCaseOpened", caseId: "1", capsuleId: "2", log }, "contested"],
      [{ kind: "juryFinding", caseId: "1", capsuleId: "2", log, articleFinding: 3 }, "fraudulent"],
      [{ kind: "authorRevision", capsuleId: "5", capsuleType: "correction", log }, "corrected"],
      [{ kind: "authorRevision", capsuleId: "5", capsuleType: "retraction", log }, "retracted_by_author"],
      [{ kind: "operator", label: "misleading", by: "0x0000000000000000000000000000000000000001", reason: "clerk verdict", caseId: "4", transactionHash: null }, "misleading"],
    ];
    for (const [basis, label] of cases) expect(labelOfBasis(basis), basis.kind).toBe(label);
  });

  it("orders logs by block, then by index in the block", () => {
    expect(logAfter({ blockNumber: 5n, logIndex: 0 }, { blockNumber: 4n, logIndex: 9 })).toBe(true);
    expect(logAfter({ blockNumber: 5n, logIndex: 2 }, { blockNumber: 5n, logIndex: 1 })).toBe(true);
    expect(logAfter({ blockNumber: 5n, logIndex: 1 }, { blockNumber: 5n, logIndex: 1 })).toBe(false);
    expect(logAfter({ blockNumber: 4n, logIndex: 9 }, { blockNumber: 5n, logIndex: 0 })).toBe(false);
  });
});
