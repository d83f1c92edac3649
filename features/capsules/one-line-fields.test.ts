import { describe, expect, it } from "vitest";
import { ZCreateCapsuleBody, ZUpdateCapsuleBody } from "@/features/capsules/capsules.schema";
import { ZReplyBody } from "@/features/court/court-reply.schema";

// A contributor's display name is the byline readers see (and a voter's name in the vote list), an evidence label and a
// tag are shown on the reader's page: one line people read, like a title. A bidirectional override reorders what a
// reader sees, an invisible name shows as nothing (or hides inside a look-alike of another wallet's address), and a
// control character is refused in every text a page shows (docs/DECISIONS.md).

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const ODD = {
  "a right-to-left override": "\u202Eevil\u202C Times",
  "an isolate": "Ann\u2067 Lee",
  "nothing visible": "\u200B\u200D",
  "a line break": "Ann\nLee",
  "a line separator": "Ann\u2028Lee",
  "a control character": "Ann\u0007Lee",
  "a C1 control character": "Ann\u0085Lee",
};
const base = { title: "Harbour bridge reopens", body: "The bridge reopened.", outletSlug: "harbour-gazette" };
const evidence = (label: string) => ({ uri: "https://example.org/a.pdf", contentHash: `0x${"ab".repeat(32)}`, evidenceType: "document", mimeType: "application/pdf", label });
const contributor = (displayName: string) => ({ wallet: WALLET, displayName, role: 1, contributionType: "author", shareBps: 10_000 });
const paths = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) => (result.error?.issues ?? []).map((i) => i.path.join("."));

describe("one-line text people read in a capsule and a court reply", () => {
  // the category is the section readers see beside the date (and articleSection in the page's JSON-LD), the alt text
  // what a screen reader says for the feature image: one line like the rest
  for (const [what, text] of Object.entries(ODD)) {
    it(`refuses ${what} in a contributor's display name, an evidence label and a tag`, () => {
      expect(paths(ZCreateCapsuleBody.safeParse({ ...base, contributors: [contributor(text)] }))).toEqual(["contributors.0.displayName"]);
      expect(paths(ZCreateCapsuleBody.safeParse({ ...base, evidence: [evidence(text)] }))).toEqual(["evidence.0.label"]);
      expect(paths(ZCreateCapsuleBody.safeParse({ ...base, tags: ["council", text] }))).toEqual(["tags.1"]);
      expect(paths(ZCreateCapsuleBody.safeParse({ ...base, category: text }))).toEqual(["category"]);
      expect(paths(ZCreateCapsuleBody.safeParse({ ...base, featureImage: { contentHash: `0x${"cd".repeat(32)}`, alt: text } }))).toEqual(["featureImage.alt"]);
      expect(paths(ZUpdateCapsuleBody.safeParse({ capsuleId: "7", category: text }))).toEqual(["category"]);
      expect(paths(ZUpdateCapsuleBody.safeParse({ capsuleId: "7", contributors: [contributor(text)] }))).toEqual(["contributors.0.displayName"]);
      expect(paths(ZReplyBody.safeParse({ reply: "The article quotes the council's notice in full.", evidence: [{ uri: "https://example.org/r.pdf", label: text }] }))).toEqual(["evidence.0.label"]);
    });
  }

  it("takes names, labels and tags in any script, trimmed", () => {
    const parsed = ZCreateCapsuleBody.parse({ ...base, contributors: [contributor("  Zoë Ångström ")], evidence: [evidence(" محضر المجلس ")], tags: [" 議会 "] });
    expect(parsed.contributors?.[0]?.displayName).toBe("Zoë Ångström");
    expect(parsed.evidence?.[0]?.label).toBe("محضر المجلس");
    expect(parsed.tags).toEqual(["議会"]);
  });
});
