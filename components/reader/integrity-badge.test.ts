import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IntegrityBadge } from "@/components/reader/integrity-badge";
import { CourtRecord } from "@/components/reader/court-note";
import type { ReaderCourtCase } from "@/features/reader/reader-article";

const openCase: ReaderCourtCase = { caseId: "12", capsuleId: "40", status: "open", verdict: null, rationale: null, finding: null, passage: "The budget rose by forty percent.", grounds: "The council’s own accounts show a rise of four percent, not forty.", groundsCut: false, openedAt: "1764720000", closedAt: null };
const decided: ReaderCourtCase = { caseId: "9", capsuleId: "40", status: "closed", verdict: "verified", rationale: null, finding: "The figure is right.", passage: null, grounds: "The figure is wrong.", groundsCut: false, openedAt: "1764000000", closedAt: "1764100000" };
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
/** The text as read: no space the tag-stripping put inside the quotation marks. */
const read = (html: string) => text(html).replace(/“ /g, "“").replace(/ ”/g, "”");

/** The article page's head as reader-view.tsx puts it together: the badge, then the court record. */
const head = (record: ReaderCourtCase[], label: string, shownId = "40") =>
  renderToStaticMarkup(createElement("div", null, createElement(IntegrityBadge, { label, openCase: record.find((c) => c.status === "open") ?? null, shownId }), createElement(CourtRecord, { record, label })));
const badgeOf = (html: string) => html.match(/<div[^>]*data-testid="integrity-label".*?<\/div>/s)?.[0] ?? "";

describe("the article's integrity label while a court case is open", () => {
  it("is one element: the label, what the open case challenges and a link to the case, said once", () => {
    const html = head([openCase, decided], "contested");
    const badge = html.match(/<div[^>]*data-testid="integrity-label".*?<\/div>/s)?.[0] ?? "";
    expect(text(badge)).toContain("Integrity: Contested");
    expect(text(badge)).toContain("Court case #12 has been open since");
    // the passage in an isolate of its own between the marks (stored-text-isolation.test.ts)
    expect(badge).toContain(`It challenges the passage <span class="font-serif italic">“<bdi>The budget rose by forty percent.</bdi>”</span>`);
    expect(badge).toContain('href="/court/12"');
    // what the case contests, in the challenger's words, beside the label (grounds short enough: no second link)
    expect(read(badge)).toContain("The challenger’s grounds: “The council’s own accounts show a rise of four percent, not forty.”");
    // said once on the page: no second "open" sentence in the court record, no generic explanation beside it
    expect(html.match(/href="\/court\/12"/g)).toHaveLength(1);
    expect(text(html)).not.toContain("A dispute about this article is open");
    expect(html).not.toMatch(/has been open since[\s\S]*has been open since/);
    // the decided case keeps its place in the court record
    expect(text(html)).toContain("The court found: The figure is right.");
  });

  it("says both the correction and the case still open when a correction was finalized during the case", () => {
    // the correction is version 41; the case was opened on version 40, whose passage the correction may have changed
    const badge = text(badgeOf(head([openCase], "corrected", "41")));
    expect(badge).toContain("Integrity: Corrected");
    expect(badge).toContain("The author published a correction that the editors accepted");
    expect(badge).toContain("Court case #12 has been open since");
    expect(badge).toContain("It challenges the passage of another version “");
    // on the version the case was opened on, the passage is this page's
    expect(text(badgeOf(head([openCase], "corrected", "40")))).toContain("It challenges the passage “");
  });

  it("tells long grounds briefly and links to the case for the rest", () => {
    const badge = badgeOf(head([{ ...openCase, grounds: "The council’s accounts show a rise of four…", groundsCut: true }], "contested"));
    expect(read(badge)).toContain("The challenger’s grounds: “The council’s accounts show a rise of four…” Read the full grounds");
    expect(badge).toMatch(/<a[^>]*href="\/court\/12"[^>]*>Read the full grounds<\/a>/);
  });

  it("says so when the challenger filed no grounds, instead of quoting the bridge's placeholder", () => {
    const badge = text(badgeOf(head([{ ...openCase, grounds: null }], "contested")));
    expect(badge).toContain("Its challenger filed no grounds: the jury decides on the disputed claims alone.");
    expect(badge).not.toContain("The challenger’s grounds");
  });

  it("keeps the label's explanation and no court record when nothing was ever disputed", () => {
    const html = head([], "clean");
    expect(text(html)).toContain("No dispute has been raised against this article.");
    expect(html).not.toContain('data-testid="reader-court-note"');
  });

  it("shows no empty court record box when the only case is the open one", () => {
    expect(head([openCase], "contested")).not.toContain('data-testid="reader-court-note"');
  });
});
