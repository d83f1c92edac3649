import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReaderView } from "@/components/reader/reader-view";
import { ReaderHistoryView } from "@/components/reader/reader-history-view";
import type { ReaderHistory } from "@/features/reader/reader-history";
import { READER_ADDRESS, readerArticle } from "./reader-article.test-support";

// Every piece of text people wrote that /read/:id and /read/:id/history show (claim quotes and notes, evidence
// titles, outlet, author, category and tag names, court findings, related titles) sits in an isolate of its own:
// right-to-left text, or a bidirectional control stored before the rules on them (or a claim quote cut out of a line,
// which can leave an isolate open), reorders that text alone, never the page's quote marks, separators and words.

const RLO = "\u202E";
const RLI = "\u2067";
const PDI = "\u2069";
const ARABIC = "مرحبا بكم";
const BIDI = /[\u202A-\u202E\u2066-\u2069\u0600-\u06FF]/;

const body = `The mayor said ${RLI}${ARABIC}${PDI} at noon.`;
// cut before the PDI: the quote leaves its isolate open
const openQuote = `said ${RLI}${ARABIC}`;

const article = () =>
  readerArticle({
    outletName: `${ARABIC}${RLO}`,
    content: { body, tags: [`${ARABIC} 2`], category: `${RLO}city` },
    evidence: [
      { evidenceId: "e1", label: `${ARABIC} ${RLO}report`, uri: "https://example.org/report", isPrimary: true, active: true, evidenceType: "document", mimeType: "application/pdf", contentHash: `0x${"ef".repeat(32)}` },
    ],
    contributors: [{ contributorId: "c1", wallet: READER_ADDRESS, displayName: `${ARABIC} ${RLO}Ada`, role: 1, contributionType: "author", shareBps: 10000, active: true, attributionURI: null }],
    claims: [{ claimId: "1", ordinal: 1, exact: openQuote, prefix: "The mayor ", suffix: "", claimType: "quote", evidenceIds: ["e1"], note: null, verdict: `${RLO}misread`, label: "misleading", anchored: true }],
    courtRecord: [{ caseId: "3", status: "closed", verdict: "misleading", rationale: null, finding: `${RLO}wrong ${ARABIC}`, passage: openQuote, grounds: "Wrong.", groundsCut: false, openedAt: "1900004000", closedAt: "1900005000" }],
    related: [{ capsuleId: "9", title: `${ARABIC} ${RLO}`, direction: "out", relationshipType: "cites" }],
  });

/** The markup with every <bdi> (and the islands' JSON props, which are no text on the page) taken out. */
const outsideIsolates = (html: string) => html.replace(/<script[^>]*>.*?<\/script>/gs, "").replace(/<bdi[^>]*>[^<]*<\/bdi>/g, "");

describe("text people wrote on the reader's pages", () => {
  it("sits in isolates on the article page: no right-to-left letter or control outside one", () => {
    const html = renderToStaticMarkup(createElement(ReaderView, { article: article(), registry: undefined, origin: "https://news.example.org" }));
    // the body is rendered as the article's own block; the rest of the page is what this test is about
    const page = html.replace(/<div[^>]*data-testid="reader-body".*?<\/div>/s, "");
    expect(outsideIsolates(page)).not.toMatch(BIDI);
    // each of them is there, isolated
    expect(page).toContain(`“<bdi>${openQuote}</bdi>”`); // claim quote with its isolate left open
    expect(page).toContain(`<bdi data-testid="reader-claim-evidence-title">${ARABIC} ${RLO}report</bdi> (primary)`);
    expect(page).toContain(`<bdi data-testid="evidence-title">${ARABIC} ${RLO}report</bdi>`);
    expect(page).toContain(`<bdi data-testid="reader-outlet-name">${ARABIC}${RLO}</bdi>`);
    expect(page).toContain(`<bdi>${ARABIC} ${RLO}Ada</bdi>`);
    expect(page).toContain(`The court found:</strong> <bdi>${RLO}wrong ${ARABIC}</bdi>`);
    expect(page).toContain(`<bdi>${RLO}misread</bdi>`);
  });

  it("sits in isolates on the history page", () => {
    const history = { capsuleId: "7", title: `${ARABIC} ${RLO}`, outletSlug: "harbour-desk", outletName: `${RLO}${ARABIC}`, underVote: null, versions: [{ capsuleId: "7", revisionNumber: 0, capsuleType: "original", finalizedAt: "1900003700", current: true, revisionReason: null, whatChanged: null }] } as unknown as ReaderHistory;
    const html = renderToStaticMarkup(createElement(ReaderHistoryView, { history }));
    expect(outsideIsolates(html)).not.toMatch(BIDI);
    expect(html).toContain(`Versions of “<bdi>${ARABIC} ${RLO}</bdi>”`);
  });
});
