import { describe, expect, it } from "vitest";
import { orderTimeline } from "./timeline-order";

describe("orderTimeline", () => {
  it("puts the bridge's 'Case opened' right after the chain's opening, before the evidence period of the same second", () => {
    const lines = [
      { kind: "jury:CaseOpened", at: "100" },
      { kind: "jury:PeriodChanged", at: "100" },
      { kind: "jury:DrawScheduled", at: "100" },
      { kind: "opened", at: "100" },
      { kind: "evidence_named", at: "100" },
    ];
    expect(orderTimeline(lines).map((l) => l.kind)).toEqual(["jury:CaseOpened", "opened", "jury:PeriodChanged", "jury:DrawScheduled", "evidence_named"]);
  });

  it("orders by time first, and keeps the chain's events before the bridge's entries within a later second", () => {
    const lines = [
      { kind: "verdict", at: "300" },
      { kind: "label_changed", at: "200" },
      { kind: "jury:CaseFinal", at: "300" },
      { kind: "opened", at: "100" },
      { kind: "jury:CaseOpened", at: "100" },
    ];
    expect(orderTimeline(lines).map((l) => l.kind)).toEqual(["jury:CaseOpened", "opened", "label_changed", "jury:CaseFinal", "verdict"]);
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
