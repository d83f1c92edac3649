import { domainToUnicode } from "node:url";
import { describe, expect, it } from "vitest";
import { lookalikeProblem, scriptsOf, unicodeDomain } from "./lookalike-domain";
import { decodePunycode } from "./punycode";

describe("lookalike outlet domains", () => {
  it.each(["xn--pple-43d.com", "xn--80ak6aa92e.com", "xn--e1afmkfd.xn--p1ai", "xn--mnchen-3ya.de", "xn--r8jz45g.jp", "xn--bcher-kva.example"])(
    "decodes %s as node's IDNA does",
    (domain) => {
      expect(unicodeDomain(domain)).toBe(domainToUnicode(domain));
    },
  );

  it("leaves a domain without xn-- labels, or with one that does not decode, without a Unicode form", () => {
    expect(unicodeDomain("news.example.org")).toBeUndefined();
    expect(decodePunycode("abc-")).toBe("abc");
    expect(decodePunycode("99999999999")).toBeUndefined();
  });

  it("refuses a label that mixes scripts, naming what it shows as", () => {
    expect(scriptsOf("аpple")).toEqual(["Cyrillic", "Latin"]);
    expect(lookalikeProblem("xn--pple-43d.com")?.reason).toBe(
      '"xn--pple-43d" shows as "аpple", which mixes Cyrillic and Latin letters: a lookalike of another name. Register a domain whose every label is written in one script',
    );
    expect(lookalikeProblem("xn--abc-.example.org")?.reason).toMatch(/not a valid internationalised label/);
  });

  it("keeps a label in one script, and Latin written with Han, kana or Hangul", () => {
    for (const domain of ["xn--80ak6aa92e.com", "xn--e1afmkfd.xn--p1ai", "xn--mnchen-3ya.de", "xn--r8jz45g.jp", "news.example.org"]) {
      expect(lookalikeProblem(domain), domain).toBeUndefined();
    }
  });
});
