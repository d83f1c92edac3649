import { describe, expect, it } from "vitest";
import type { TClaimObject } from "@/features/capsules/claims.schema";
import { CHOOSE_KIND, claimSelection, claimsToSave, claimToSave, evidenceKey } from "./claims-form";

const body = "Turnout was 61 percent. In 2019 turnout was 54 percent.";
const claim = (id: string, exact: string, prefix = "", evidenceIds: string[] = []): TClaimObject => ({
  claimId: id, ordinal: Number(id), exact, prefix, suffix: "", claimType: "statistic", evidenceIds, note: null, verdict: null, label: null, anchored: body.includes(prefix + exact),
});

describe("claim marking in the editor", () => {
  it("trims the selection and gives a selector pointing at it", () => {
    const start = body.lastIndexOf(" 54 percent");
    expect(claimSelection(body, start, start + " 54 percent".length)).toEqual({ exact: "54 percent", prefix: "", suffix: "" });
    const second = body.lastIndexOf("percent");
    const quote = claimSelection(body, second + 7, second)!;
    expect(quote.exact).toBe("percent");
    expect(body.indexOf(quote.prefix + quote.exact)).toBe(second - quote.prefix.length);
    expect(claimSelection(body, 3, 3)).toBeUndefined();
    expect(claimSelection(body, 23, 24)).toBeUndefined();
  });

  it("builds the list in article order, naming evidence by its current ids", () => {
    const read = {
      content: { body },
      evidence: [{ evidenceId: "7", uri: "https://a.example/1", contentHash: "0x01" }, { evidenceId: "8", uri: "https://a.example/2", contentHash: "0x02" }],
      claims: [claim("1", "54 percent", "", ["8"]), claim("2", "gone", "")],
    };
    const added = { quote: { exact: "61 percent", prefix: "", suffix: "" }, claimType: "statistic" as const, evidenceKeys: [evidenceKey(read.evidence[0]!), "https://removed\u00000x09"], note: "  source  " };
    expect(claimsToSave(read, { added }).map((c) => [c.exact, c.evidenceIds, c.note])).toEqual([
      ["61 percent", ["7"], "source"],
      ["54 percent", ["8"], null],
      ["gone", [], null],
    ]);
    expect(claimsToSave(read, { removeId: "2" }).map((c) => c.exact)).toEqual(["54 percent"]);
  });

  it("saves a new claim only once its kind is chosen: nothing is assumed", () => {
    const quote = { exact: "61 percent", prefix: "", suffix: "" };
    expect(claimToSave({ quote, claimType: "", evidenceKeys: [], note: "" })).toEqual({ ok: false, message: CHOOSE_KIND });
    expect(claimToSave({ quote, claimType: "quote", evidenceKeys: [], note: "" })).toEqual({ ok: true, claim: { quote, claimType: "quote", evidenceKeys: [], note: "" } });
  });
});
