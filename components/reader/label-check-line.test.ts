import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TLabelProof } from "@/features/reader/label-basis";
import { LabelCheckLine, type LabelState } from "./label-check-line";

// The article page's label line: ✓ for a label the chain gives, ✖ with what failed, and a plain "could not be
// checked on chain" for a label the bridge set with no chain event (neither ✓ nor ✖).

const log = { transactionHash: `0x${"ab".repeat(32)}`, blockNumber: "40", logIndex: 0 };
const proof = (over: Partial<TLabelProof> & Pick<TLabelProof, "value" | "basis">): TLabelProof => ({
  juryCourt: `0x${"c0".repeat(20)}`,
  chainCapsuleIds: ["7"],
  fromBlock: "10",
  endedWithoutFinding: [],
  ...over,
});
const line = (label: TLabelProof | null, state: LabelState) => {
  const html = renderToStaticMarkup(createElement(LabelCheckLine, { label, state, rpcLabel: "this site’s /rpc" }));
  return { outcome: /data-outcome="([a-z]+)"/.exec(html)?.[1], text: html.replace(/<[^>]+>/g, "").replace(/&quot;/g, '"') };
};

describe("the article page's label line", () => {
  it("names the case a contested label follows from", () => {
    const label = proof({ value: "contested", basis: { kind: "juryCaseOpened", caseId: "3", capsuleId: "7", log } });
    expect(line(label, { check: { outcome: "checked", detail: "" } })).toEqual({
      outcome: "checked",
      text: "✓ The label “Contested” follows from JuryCourt case 3, opened in block 40; no later case on this article (read from this site’s /rpc).",
    });
  });

  it("says what failed, without the CLI's prefix", () => {
    const label = proof({ value: "clean", basis: { kind: "none" } });
    const state: LabelState = { check: { outcome: "failed", detail: 'the bridge shows "clean"; no', problem: "no label event, but the node holds a later JuryCourt CaseOpened of case 3" } };
    expect(line(label, state)).toEqual({
      outcome: "failed",
      text: "✖ The label “Clean” does not follow from the chain record (read from this site’s /rpc): no label event, but the node holds a later JuryCourt CaseOpened of case 3.",
    });
  });

  it("a label set with no chain event could not be checked on chain: neither ✓ nor ✖", () => {
    const label = proof({ value: "contested", basis: { kind: "operator", label: "contested", by: "clerk", reason: "clerk-era case", caseId: "2", transactionHash: null } });
    const { outcome, text } = line(label, { check: { outcome: "operator", detail: "" } });
    expect(outcome).toBe("operator");
    expect(text).toContain("could not be checked on chain");
    expect(text).not.toMatch(/[✓✖]/);
  });

  it("a page without the label's record says the label could not be checked", () => {
    expect(line(null, {}).outcome).toBe("unavailable");
  });
});
