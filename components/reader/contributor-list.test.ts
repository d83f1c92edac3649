import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContributorList } from "@/components/reader/contributor-list";
import { byline } from "@/components/reader/reader-view";
import { claimAuthors } from "@/features/reader/claim-review";

// A draft made over the API without a contributors list credits its submitter with the address as
// "display name" (features/capsules/draft-content.ts, defaultContributors).
const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const credit = (displayName: string) => ({ contributorId: "1", capsuleId: "7", wallet: WALLET.toLowerCase(), displayName, role: 1, contributionType: "author" as const, shareBps: 10_000, attributionURI: "", createdAt: "1764720000", active: true });
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

describe("a contributor credited without a name", () => {
  it("is shown as a wallet, once, not as someone called 0x…", () => {
    const list = text(renderToStaticMarkup(createElement(ContributorList, { items: [credit(WALLET)] })));
    expect(list).toMatch(/^wallet 0x7099…79C8 Author/);
    expect(list.match(/0x7099…79C8/g)).toHaveLength(1);
    expect(byline([credit(WALLET)])).toBe("By wallet 0x7099…79C8 · ");
    expect(claimAuthors([credit(WALLET)])).toEqual(["wallet 0x7099…79C8"]);
  });

  it("keeps a given name, with the short address beside it", () => {
    const list = text(renderToStaticMarkup(createElement(ContributorList, { items: [credit("Ada Reporter")] })));
    expect(list).toMatch(/^Ada Reporter Author .*· 0x7099…79C8/);
    expect(byline([credit("Ada Reporter")])).toBe("By Ada Reporter · ");
    expect(claimAuthors([credit("Ada Reporter")])).toEqual(["Ada Reporter"]);
  });
});
