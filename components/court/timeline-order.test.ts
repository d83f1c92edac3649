import { describe, expect, it } from "vitest";
import { orderTimeline } from "./timeline-order";

const kinds = (lines: ReadonlyArray<{ kind: string }>) => lines.map((l) => l.kind);

describe("orderTimeline", () => {
  it("puts the bridge's opening entries right after the chain's opening, before the evidence period begun meanwhile", () => {
    // as a case page shows it: the bridge writes its entries three seconds after the block that opened the case
    const lines = [
      { kind: "jury:CaseOpened", at: "100" },
      { kind: "jury:PeriodChanged", at: "100" },
      { kind: "jury:DrawScheduled", at: "100" },
      { kind: "opened", at: "103" },
      { kind: "evidence_named", at: "103" },
      { kind: "label_changed", at: "103" },
      { kind: "jury:Draw", at: "200" },
      { kind: "label_changed", at: "300" },
    ];
    expect(kinds(orderTimeline(lines))).toEqual(["jury:CaseOpened", "opened", "evidence_named", "label_changed", "jury:PeriodChanged", "jury:DrawScheduled", "jury:Draw", "label_changed"]);
  });

  it("orders by time, the chain's events first within a second, when there is no chain opening (a clerk's case)", () => {
    const lines = [
      { kind: "verdict", at: "300" },
      { kind: "label_changed", at: "200" },
      { kind: "jury:CaseFinal", at: "300" },
      { kind: "opened", at: "100" },
    ];
    expect(kinds(orderTimeline(lines))).toEqual(["opened", "label_changed", "jury:CaseFinal", "verdict"]);
  });

  it("keeps entries of the same kind and second in the order given", () => {
    const lines = [
      { kind: "jury:Committed", at: "5", n: 1 },
      { kind: "jury:Committed", at: "5", n: 2 },
      { kind: "jury:Committed", at: "5", n: 3 },
    ];
    expect(orderTimeline(lines).map((l) => l.n)).toEqual([1, 2, 3]);
  });
});
