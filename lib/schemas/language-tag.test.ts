import { describe, expect, it } from "vitest";
import { languageTag } from "./language-tag";

describe("languageTag", () => {
  it("answers well-formed BCP 47 tags in their canonical form", () => {
    expect(languageTag("en")).toBe("en");
    expect(languageTag("pt-br")).toBe("pt-BR");
    expect(languageTag("zh-Hant-TW")).toBe("zh-Hant-TW");
  });

  it("answers nothing for what is not a tag, so nothing odd reaches an attribute", () => {
    for (const value of ["", "english", "en_US", 'en" onload="x', "en-", "-en", "a".repeat(40), "12", null, undefined]) expect(languageTag(value), String(value)).toBeUndefined();
  });
});
