import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReaderArticle } from "@/features/reader/reader-article";
import { ArticleClaims } from "@/components/reader/article-claims";
import { EditorsVote } from "@/components/reader/editors-vote";

// Text stored before the bridge refused bidirectional overrides and open isolates (plain-text.ts) can still hold
// them: on the article page each piece of such text sits in its own isolate (<bdi>, or a block with dir="auto"),
// so an override left open reorders that text alone, never the quote marks, names and words of the page after it.

const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const RLO = "\u202E";
const reason = `I vote ${RLO}tpecca`;

describe("stored free text on the article page", () => {
  it("isolates an editor's vote reason from the quote marks and the page around it", () => {
    const votes = {
      items: [{ voter: ADDRESS, displayName: "Ada", support: true, weight: "1000", txHash: `0x${"ab".repeat(32)}`, blockTime: "1900000000", reason: { text: reason, ballotNonce: "0", signature: `0x${"11".repeat(65)}` } }],
      total: 1,
    };
    const html = renderToStaticMarkup(createElement(EditorsVote, { capsuleId: "7", votes }));
    expect(html).toContain(`“<bdi>${reason}</bdi>”`);
    // the override is nowhere but inside that isolate
    expect(html.replace(`<bdi>${reason}</bdi>`, "")).not.toContain(RLO);
  });

  it("isolates a claim's note, and the quoted passage inside its quote marks", () => {
    const claim = { claimId: "1", ordinal: 1, exact: "reopens on Monday", prefix: "", suffix: "", claimType: "event", evidenceIds: [], note: `See ${RLO}the notice`, verdict: null, label: null, anchored: true };
    const article = { read: { claims: [claim], evidence: [] }, manifest: null, claimCorrections: [] } as unknown as ReaderArticle;
    const html = renderToStaticMarkup(createElement(ArticleClaims, { article }));
    expect(html).toContain(`Note: <bdi>See ${RLO}the notice</bdi>`);
    expect(html).toMatch(/<blockquote[^>]*>“<bdi>reopens on Monday<\/bdi>”<\/blockquote>/);
  });
});
