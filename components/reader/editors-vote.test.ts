import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EditorsVote } from "@/components/reader/editors-vote";

const VOTER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const vote = (displayName: string | null) => ({ voter: VOTER, displayName, support: true, weight: "1000000000000000000000", txHash: `0x${"ab".repeat(32)}`, blockTime: "1764720000", reason: null });
const render = (displayName: string | null) => renderToStaticMarkup(createElement(EditorsVote, { capsuleId: "7", votes: { items: [vote(displayName)], total: 1 } }));
/** The text of the voter line (the first paragraph of the vote). */
const voterLine = (html: string) => text(html.match(/data-testid="reader-vote"[^>]*><p[^>]*>(.*?)<\/p>/s)?.[1] ?? "");
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

describe("How the editors voted: who voted", () => {
  it("names the editor and keeps the short address beside the name", () => {
    const html = render("Ines Editor");
    expect(voterLine(html)).toMatch(/^Ines Editor 0x7099…79C8 Yes /);
    // the full checksummed address is one hover away, the link goes to its chain page
    expect(html).toContain('title="0x70997970C51812dc3A010C7d01b50e0d17dc79C8"');
  });

  it("shows the short address alone when no name is known", () => {
    expect(voterLine(render(null))).toMatch(/^0x7099…79C8 Yes /);
  });
});
