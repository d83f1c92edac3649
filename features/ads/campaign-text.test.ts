import { describe, expect, it } from "vitest";
import { ZCampaignFile } from "./ads.schema";

// An ad's words sit beside articles on the reader's page: the operator's loader file is held to the text rules of
// what journalists write (one line for the advertiser, name and headline; no control or unclosed direction character).

const campaign = { slug: "spring-ads", advertiser: "Acme Tools", name: "Spring", headline: "Tools that last", body: "Made to be repaired.\nSince 1921.", clickUrl: "https://shop.example.org", budget: "1", cpm: "1", startsAt: 0 };
const issuesOf = (changes: Record<string, string>) => {
  const parsed = ZCampaignFile.safeParse({ campaigns: [{ ...campaign, ...changes }] });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("an ad campaign's text", () => {
  it("takes plain words, and a multi-line body with closed isolates of mixed scripts", () => {
    expect(issuesOf({})).toEqual([]);
    expect(issuesOf({ body: "Now in \u2067עברית\u2069 too.\nSince 1921." })).toEqual([]);
  });

  it("refuses a headline, advertiser or name with a line break, a control character or a direction override", () => {
    expect(issuesOf({ headline: "Tools\nthat last" })).toEqual([expect.stringMatching(/^campaigns\.0\.headline: must be one line/)]);
    expect(issuesOf({ advertiser: "Acme\u0007" })).toEqual([expect.stringMatching(/^campaigns\.0\.advertiser: must be one line/)]);
    expect(issuesOf({ name: "\u202Egnirps" })).toEqual([expect.stringMatching(/^campaigns\.0\.name: must not contain bidirectional override/)]);
    expect(issuesOf({ headline: "\u200B" })).toEqual([expect.stringMatching(/^campaigns\.0\.headline: must contain a visible character/)]);
  });

  it("refuses a body with a control character, an override or an isolate left open", () => {
    expect(issuesOf({ body: "Made to be\u0000 repaired." })).toEqual([expect.stringMatching(/^campaigns\.0\.body: must not contain control characters/)]);
    expect(issuesOf({ body: "Made to be \u202Ederiaper." })).toEqual([expect.stringMatching(/^campaigns\.0\.body: must not contain bidirectional override/)]);
    expect(issuesOf({ body: "Made to be \u2067repaired.\nSince 1921." })).toEqual([expect.stringMatching(/^campaigns\.0\.body: line 1 opens/)]);
  });
});
