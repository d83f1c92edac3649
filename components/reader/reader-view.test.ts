import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReaderArticle } from "@/features/reader/reader-article";
import { ReaderView } from "@/components/reader/reader-view";

// /read/:id says which language the article is in: its title, standfirst and text carry the article's own language
// (the page around them is English, the document's lang), and a stored code that is no BCP 47 tag is not echoed.

const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

function article(language: string): ReaderArticle {
  const read = {
    capsuleId: "7",
    capsule: {
      id: "7", outletSlug: "harbour-desk", articleSlug: "ponte", title: "A ponte reabre", metadataURI: "ipfs://x", contentHash: `0x${"ab".repeat(32)}`, submitter: ADDRESS,
      status: "finalized", capsuleType: "original", policyId: "default", trustedPublisherAtSubmit: false, yesVotes: "1", noVotes: "0", weightedYes: "1", weightedNo: "0",
      weightedParticipation: "1", opensAt: "1900000000", closesAt: "1900003600", acceptedAt: "1900003600", finalizedAt: "1900003700", finalizedArticleId: "1",
      rootCapsuleId: null, parentCapsuleId: null, revisionNumber: 0, finalizedBy: ADDRESS, integrityLabel: "clean", eligibleWeight: "1", snapshotBlock: "1",
      finalizeTxHash: `0x${"cd".repeat(32)}`,
    },
    outlet: { outletSlug: "harbour-desk", outletName: "Harbour Desk" },
    content: { title: "A ponte reabre", subtitle: "Na terça-feira.", summary: "", body: "A ponte do porto reabre na terça-feira.", language, tags: [], category: null, featureImage: null },
    evidence: [],
    contributors: [],
    claims: [],
    revision: { revisionReason: null },
  };
  return {
    read, outletName: "Harbour Desk", currentId: "7", firstPublishedAt: "1900003700", currentType: "original", underVote: null, courtCase: null, courtRecord: [], whatChanged: null, related: [],
    manifest: null, claimCorrections: [], correctsClaims: null, votes: { items: [], total: 0 },
  } as unknown as ReaderArticle;
}

const render = (language: string) => renderToStaticMarkup(createElement(ReaderView, { article: article(language), registry: undefined, origin: "https://news.example.org" }));
const langOf = (html: string, testId: string) => new RegExp(`<[a-z0-9]+ (?:lang="([^"]*)" )?[^>]*data-testid="${testId}"`).exec(html)?.[1];

describe("the reader's article and its language", () => {
  it("marks the title, standfirst and text with the article's language", () => {
    const html = render("pt-BR");
    expect(langOf(html, "reader-title")).toBe("pt-BR");
    expect(langOf(html, "reader-standfirst")).toBe("pt-BR");
    expect(langOf(html, "reader-body")).toBe("pt-BR");
    // the page's own words stay in the document's language
    expect(html).not.toMatch(/<article[^>]* lang=/);
  });

  it("echoes no stored code that is not a language tag", () => {
    const html = render('en" onmouseover="alert(1)');
    expect(html).not.toContain("onmouseover");
    expect(langOf(html, "reader-title")).toBeUndefined();
  });
});
