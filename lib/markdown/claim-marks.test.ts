import { describe, expect, it } from "vitest";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { renderMarkdown } from "./render-markdown";
import { markClaims } from "./claim-marks";

const html = (source: string, spans: Array<{ ordinal: number; start: number; end: number }>) => renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdown(source, [markClaims(source, spans)])));
const span = (source: string, ordinal: number, quote: string) => ({ ordinal, start: source.indexOf(quote), end: source.indexOf(quote) + quote.length });

describe("claim markers in the article", () => {
  it("wraps each quote and links it to its note, in text order", () => {
    const source = "Fees rose 12% in 2025, the port said.\n\nThe mayor called it a record.";
    const out = html(source, [span(source, 2, "the mayor called it".replace("the", "The")), span(source, 1, "Fees rose 12%")]);
    expect(out).toContain('<mark class="claim-quote rounded-sm bg-amber-100 px-0.5 text-inherit" data-claim="1">Fees rose 12%</mark><sup class="claim-ref pl-0.5 font-sans text-xs font-semibold"><a href="#claim-note-1" id="claim-1" class="text-accent underline scroll-mt-24" aria-label="Claim 1: its evidence and findings" data-claim-marker="1">[1]</a></sup> in 2025');
    expect(out).toContain('<mark class="claim-quote rounded-sm bg-amber-100 px-0.5 text-inherit" data-claim="2">The mayor called it</mark><sup class="claim-ref pl-0.5 font-sans text-xs font-semibold"><a href="#claim-note-2" id="claim-2"');
  });

  it("puts the marker after the quote's end when the quote crosses formatting", () => {
    const source = "Fees **rose** 12% in 2025.";
    const out = html(source, [span(source, 1, "Fees **rose** 12%")]);
    expect(out).toContain('<strong>rose</strong> 12%<sup class="claim-ref pl-0.5 font-sans text-xs font-semibold"><a href="#claim-note-1"');
    expect(out).not.toContain("<mark");
    // ending on the markup itself: the marker follows the last text the quote covers
    const bold = "The mayor called it **fair** on Monday.";
    const marked = html(bold, [span(bold, 2, "called it **fair**")]);
    expect(marked).toMatch(/<strong>fair<sup class="claim-ref[^"]*"><a href="#claim-note-2"[^>]*>\[2\]<\/a><\/sup><\/strong> on Monday/);
  });
});
