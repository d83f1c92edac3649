import { describe, expect, it } from "vitest";
import { quoteMatches, quoteOffset, selectorAt } from "./claim-anchor";

const body = "Turnout was 61 percent. In 2019 turnout was 54 percent, officials said.";

describe("claim anchors (TextQuoteSelector)", () => {
  it("matches an exact quote that occurs in the body, and only then", () => {
    expect(quoteMatches(body, { exact: "61 percent", prefix: "", suffix: "" })).toBe(true);
    expect(quoteMatches(body, { exact: "62 percent", prefix: "", suffix: "" })).toBe(false);
    expect(quoteMatches(body, { exact: "", prefix: "", suffix: "" })).toBe(false);
  });

  it("uses prefix and suffix to pick one of repeated words", () => {
    expect(quoteOffset(body, { exact: "turnout", prefix: "2019 ", suffix: "" })).toBe(body.indexOf("turnout was 54"));
    expect(quoteMatches(body, { exact: "percent", prefix: "54 ", suffix: ", officials" })).toBe(true);
    expect(quoteMatches(body, { exact: "percent", prefix: "61 ", suffix: ", officials" })).toBe(false);
  });

  it("builds the shortest selector that points at the selected place", () => {
    const second = body.lastIndexOf("percent");
    const quote = selectorAt(body, second, second + "percent".length);
    expect(quote.exact).toBe("percent");
    expect(quote.prefix.length).toBeGreaterThan(0);
    expect(quoteOffset(body, quote)).toBe(second);
    const first = body.indexOf("Turnout");
    expect(selectorAt(body, first, first + 7)).toEqual({ exact: "Turnout", prefix: "", suffix: "" });
  });
});
