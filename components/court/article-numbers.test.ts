import { describe, expect, it } from "vitest";
import { claimName, nameOfClaim, nameOfEvidence } from "@/components/court/article-numbers";
import { describeTimelineEntry } from "@/components/court/court-format";

// The court pages number claims and evidence as the reader's article page does (claim 1, 2, 3), not
// by the database ids their routes carry ("Claim 4817").
describe("claims and evidence named by their place in the article", () => {
  const claims = [
    { claimId: "4817", ordinal: 1 },
    { claimId: "4818", ordinal: 2 },
    { claimId: "5120", ordinal: 3 },
  ];

  it("names a claim by its number in the article", () => {
    expect(claimName(claims[2]!)).toBe("Claim 3");
    expect(nameOfClaim(claims, "4818")).toBe("Claim 2");
    expect(nameOfClaim(claims, "9999")).toBeUndefined();
    expect(nameOfClaim(undefined, "4817")).toBeUndefined();
    for (const c of claims) expect(nameOfClaim(claims, c.claimId)).not.toContain(c.claimId);
  });

  it("numbers evidence by its position in the article's list", () => {
    const evidence = [{ evidenceId: "731" }, { evidenceId: "12" }, { evidenceId: "900" }];
    expect(nameOfEvidence(evidence, "12")).toBe("Evidence 2");
    expect(nameOfEvidence(evidence, "731")).toBe("Evidence 1");
    expect(nameOfEvidence(evidence, "5")).toBeUndefined();
    expect(nameOfEvidence(undefined, "5")).toBeUndefined();
  });
});

describe("the case timeline names the challenged evidence by its place in the article", () => {
  const entry = { kind: "evidence_named" as const, details: { evidenceId: "731" } };

  it("says Evidence 2, not the evidence item's id", () => {
    const evidence = [{ evidenceId: "12" }, { evidenceId: "731" }];
    expect(describeTimelineEntry(entry, (id) => nameOfEvidence(evidence, id)).body).toBe("Evidence 2 is named in the case.");
  });

  it("names no id while the article has not arrived", () => {
    expect(describeTimelineEntry(entry).body).toBe("An evidence item of the article is named in the case.");
  });
});
