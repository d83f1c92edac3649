import { describe, expect, it } from "vitest";
import { integrityLabelInfo, integrityLabelKeys, integrityLabels, isIntegrityLabel } from "./integrity-labels";

describe("integrity labels", () => {
  it("covers the seed's eight labels, each with its own words, symbol and colour", () => {
    expect(integrityLabelKeys).toEqual(["clean", "verified", "contested", "unresolved", "misleading", "fraudulent", "corrected", "retracted_by_author"]);
    const infos = integrityLabelKeys.map((key) => integrityLabels[key]);
    for (const field of ["title", "explanation", "symbol", "className"] as const) expect(new Set(infos.map((info) => info[field])).size).toBe(8);
    for (const info of infos) expect(info.explanation).toMatch(/^[A-Z].+\.$/);
  });

  it("reads unknown or empty values as clean", () => {
    expect(integrityLabelInfo(undefined).key).toBe("clean");
    expect(integrityLabelInfo("").key).toBe("clean");
    expect(integrityLabelInfo("bogus").key).toBe("clean");
    expect(integrityLabelInfo("retracted_by_author").title).toBe("Retracted by the author");
    expect(isIntegrityLabel("misleading")).toBe(true);
    expect(isIntegrityLabel("superseded")).toBe(false);
  });
});
