import { describe, expect, it } from "vitest";
import { claimsText, compareFields, type ComparableVersion } from "./compare-fields";

const original: ComparableVersion = {
  title: "Harbour dredging starts in March",
  subtitle: "",
  summary: "",
  claims: [{ ordinal: 1, exact: "six weeks", claimType: "statistic", note: null }],
};

describe("compareFields", () => {
  it("marks the changed words of the title and the claims, and leaves out fields empty in both versions", () => {
    const corrected: ComparableVersion = {
      ...original,
      title: "Harbour dredging starts in April",
      claims: [
        { ordinal: 1, exact: "eight weeks", claimType: "statistic", note: null },
        { ordinal: 2, exact: "on Tuesday", claimType: "event", note: "Per the authority" },
      ],
    };
    const compared = compareFields(original, corrected);
    expect(compared.map((f) => f.field)).toEqual(["title", "claims"]);
    const [title, claims] = compared;
    expect(title).toMatchObject({ label: "Title", changed: true, added: 1, removed: 1 });
    expect(title?.changes.filter((c) => c.kind !== "same").map((c) => [c.kind, c.text])).toEqual([
      ["removed", "March"],
      ["added", "April"],
    ]);
    expect(claims?.changed).toBe(true);
    expect(claims?.changes.filter((c) => c.kind === "removed").map((c) => c.text.trim())).toEqual(["six"]);
    expect(claims?.changes.filter((c) => c.kind === "added").map((c) => c.text).join("")).toContain("Claim 2 (Event): “on Tuesday” — Per the authority");
  });

  it("shows a standfirst or summary that one side has, and says unchanged fields are unchanged", () => {
    const compared = compareFields(original, { ...original, subtitle: "Six weeks of works", summary: "" });
    expect(compared.map((f) => [f.field, f.changed])).toEqual([
      ["title", false],
      ["subtitle", true],
      ["claims", false],
    ]);
    expect(compared[1]?.changes).toEqual([{ kind: "added", text: "Six weeks of works" }]);
  });
});

describe("claimsText", () => {
  it("writes the claims in article order with their kind in words", () => {
    expect(
      claimsText([
        { ordinal: 2, exact: "b", claimType: "other", note: null },
        { ordinal: 1, exact: "a", claimType: "quote", note: "n" },
      ]),
    ).toBe("Claim 1 (Quote): “a” — n\nClaim 2 (Claim): “b”");
  });
});
