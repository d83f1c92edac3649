import { describe, expect, it } from "vitest";
import { bidiControlProblem, bidiNeutralized, zMultiLine } from "@/lib/schemas/plain-text";

// Free text may mix scripts with closed embeddings and isolates; an override, an opener left open or a closer
// without its opener reorders what readers see (plain-text.ts, docs/DECISIONS.md).

const [LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI] = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
const OVERRIDE = "must not contain bidirectional override characters (U+202D, U+202E)";
const unclosed = (line: number) => `line ${line} opens a bidirectional embedding or isolate (U+202A, U+202B, U+2066–U+2068) without closing it on that line`;
const stray = (line: number) => `line ${line} closes a bidirectional embedding or isolate (U+202C, U+2069) it did not open`;

describe("bidirectional controls in free text", () => {
  it("takes plain text, right-to-left scripts, marks, and embeddings and isolates closed on their line", () => {
    for (const text of [
      "Two sources on record.",
      "قال المتحدث إن الميناء سيفتح",
      `The mayor said ${RLI}الميناء مغلق${PDI} on Monday.`,
      `${FSI}שלום${PDI} and ${LRI}+1 555 0100${PDI}`,
      `${RLE}عربي ${LRE}Latin${PDF}${PDF}`,
      `${RLI}outer ${LRI}inner${PDI} outer${PDI}`,
      `first line ${RLI}عربي${PDI}\nsecond line ${LRI}x${PDI}`,
      "marks \u200E\u200F\u061C stay",
    ]) {
      expect(bidiControlProblem(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it("refuses an override, closed or not", () => {
    expect(bidiControlProblem(`I vote ${RLO}tpecca${PDI}`)).toBe(OVERRIDE);
    expect(bidiControlProblem(`I vote ${RLO}tpecca${PDF}`)).toBe(OVERRIDE);
    expect(bidiControlProblem(`${LRO}abc${PDF}`)).toBe(OVERRIDE);
  });

  it("refuses an embedding or isolate left open", () => {
    for (const opener of [LRE, RLE, LRI, RLI, FSI]) expect(bidiControlProblem(`text ${opener}more text`)).toBe(unclosed(1));
    expect(bidiControlProblem(`${RLI}outer ${LRI}inner${PDI} outer`)).toBe(unclosed(1));
  });

  it("refuses a closer without its opener, and a closer of the other kind", () => {
    expect(bidiControlProblem(`text${PDI} more`)).toBe(stray(1));
    expect(bidiControlProblem(`text${PDF} more`)).toBe(stray(1));
    expect(bidiControlProblem(`${RLI}text${PDF}`)).toBe(stray(1));
    expect(bidiControlProblem(`${RLE}text${PDI}`)).toBe(stray(1));
    // crossed: the isolate is closed while the embedding inside it is still open
    expect(bidiControlProblem(`${RLI}a${LRE}b${PDI}c${PDF}`)).toBe(stray(1));
  });

  it("counts each line on its own: an opener is closed on its line, and a line separator ends none", () => {
    expect(bidiControlProblem(`fine\nopens ${RLI}here\nand closes${PDI} here`)).toBe(unclosed(2));
    expect(bidiControlProblem(`one\r\ntwo\rthree ${LRI}x\u2029${PDI}`)).toBe(unclosed(3));
    expect(bidiControlProblem(`${RLI}a\u2028b${PDI}`)).toBeUndefined();
  });

  it("is part of every multi-line field, beside the control-character rule", () => {
    const field = zMultiLine(0, 100, { trim: true });
    expect(field.safeParse(`The mayor said ${RLI}الميناء مغلق${PDI}.`).success).toBe(true);
    expect(field.safeParse(`I vote ${RLO}tpecca`).error?.issues.map((i) => i.message)).toEqual([OVERRIDE]);
    expect(field.safeParse(`a\nb ${LRI}c`).error?.issues.map((i) => i.message)).toEqual([unclosed(2)]);
  });
});

// Text stored before the rule is shown (a feed entry) neutralized: what bidiControlProblem would refuse cannot
// reorder the rest of the line, or anything after it.
describe("bidiNeutralized", () => {
  it("leaves text the rule accepts as it is", () => {
    for (const text of [
      "Two sources on record.",
      `The mayor said ${RLI}الميناء مغلق${PDI} on Monday.`,
      `${RLE}عربي ${LRE}Latin${PDF}${PDF}`,
      `${RLI}outer ${LRI}inner${PDI} outer${PDI}`,
      `first line ${RLI}عربي${PDI}\r\nsecond ${LRI}x${PDI}\u2029third`,
      "marks \u200E\u200F\u061C stay",
    ]) {
      expect(bidiNeutralized(text)).toBe(text);
    }
  });

  it("drops overrides with the PDF that closes them", () => {
    expect(bidiNeutralized(`I vote ${RLO}tpecca${PDF} today`)).toBe("I vote tpecca today");
    expect(bidiNeutralized(`${LRO}abc`)).toBe("abc");
    expect(bidiNeutralized(`${RLE}a${RLO}b${PDF}c${PDF}`)).toBe(`${RLE}abc${PDF}`);
  });

  it("closes what a line leaves open at the line's end, innermost first, and drops stray closers", () => {
    expect(bidiNeutralized(`a ${RLI}b ${LRE}c\nnext${PDI}`)).toBe(`a ${RLI}b ${LRE}c${PDF}${PDI}\nnext`);
    expect(bidiNeutralized(`x${PDF}y${PDI}z`)).toBe("xyz");
    expect(bidiNeutralized(`${RLI}a${PDF}b${PDI}`)).toBe(`${RLI}ab${PDI}`);
    // a PDI closes the embedding opened inside its isolate too
    expect(bidiNeutralized(`${RLI}a${LRE}b${PDI}c${PDF}`)).toBe(`${RLI}a${LRE}b${PDF}${PDI}c`);
  });

  it("always gives text the rule accepts", () => {
    const alphabet = [LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, "a", "ع", "\n", "\r", "\u2029", "\u2028"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let run = 0; run < 2000; run++) {
      const text = Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join("");
      const shown = bidiNeutralized(text);
      expect(bidiControlProblem(shown), JSON.stringify([text, shown])).toBeUndefined();
      expect(bidiNeutralized(shown)).toBe(shown);
    }
  });
});
