import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { badgeSvg, badgeTitle } from "./label-badge";

const input = { capsuleId: "7", label: "misleading", title: `Budget <script>alert("x")</script> & more`, court: { caseId: "3", verdict: "misleading", finding: "The budget rose 4 %, not 40 %." }, proofUrl: "https://news.example/read/7#chain-heading", published: true, ruledClaims: [] };

describe("label badge", () => {
  it("names the label and the court's finding in its title, escaped", () => {
    const svg = badgeSvg(input);
    expect(svg).not.toContain("<script>");
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(svg) as { svg: { title: string } };
    expect(parsed.svg.title).toBe(`Budget <script>alert("x")</script> & more — Integrity: Misleading. The court found: The budget rose 4 %, not 40 %. (court case #3)`);
    expect(svg).toContain('href="https://news.example/read/7#chain-heading"');
    expect(svg).toContain("⚠ Misleading<");
  });

  it("keeps the court's finding and verdict after a correction changed the label", () => {
    const corrected = { ...input, title: "Budget", label: "corrected" };
    expect(badgeTitle(corrected)).toBe("Budget — Integrity: Corrected. The court found: The budget rose 4 %, not 40 %. (court case #3)");
    expect(badgeSvg(corrected)).toContain("↻ Corrected · court: Misleading");
    expect(badgeTitle({ ...corrected, court: null })).toContain("The author published a correction");
  });

  it("names the claims ruled on: each quote, shortened, with its label, escaped", () => {
    const ruledClaims = [
      { ordinal: 1, quote: "The budget rose <40 %> this year", label: "misleading" },
      { ordinal: 3, quote: "The council approved the plan in a late-night session, with nine votes against and two abstentions", label: "verified" },
    ];
    const svg = badgeSvg({ ...input, ruledClaims });
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(svg) as { svg: { title: string; "@_aria-label": string } };
    const sentence = "Claims ruled on: “The budget rose <40 %> this year” (claim 1) — Misleading; “The council approved the plan in a late-night session, with…” (claim 3) — Verified.";
    expect(parsed.svg.title).toBe(`Budget <script>alert("x")</script> & more — Integrity: Misleading. The court found: The budget rose 4 %, not 40 %. (court case #3) ${sentence}`);
    expect(parsed.svg["@_aria-label"]).toBe(parsed.svg.title);
    expect(svg).not.toContain("<40");
  });

  it("keeps a title stored before the text rules from reordering the label's words or breaking the SVG", () => {
    const [RLO, PDF] = ["\u202E", "\u202C"];
    const stored = { ...input, title: `Budget ${RLO}figures\u0001`, court: { caseId: "3", verdict: "misleading", finding: `Rose ${RLO}4 %${PDF}, not 40 %.` } };
    expect(badgeTitle(stored)).toBe("Budget figures\u0001 — Integrity: Misleading. The court found: Rose 4 %, not 40 %. (court case #3)");
    const svg = badgeSvg(stored);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toMatch(/[\u0001\u202C\u202E]/);
    expect(svg).toContain("<title>Budget figures — Integrity: Misleading.");
  });

  it("says when a capsule is not published", () => {
    expect(badgeTitle({ ...input, published: false })).toBe("Capsule #7 is not published");
    expect(badgeSvg({ ...input, published: false })).toContain("not published");
  });
});
