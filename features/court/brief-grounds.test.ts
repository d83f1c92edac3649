import { describe, expect, it } from "vitest";
import { BRIEF_GROUNDS_CHARS, briefGrounds } from "./brief-grounds";

describe("a court case's grounds, brief for the article page", () => {
  it("keeps short grounds whole, on one line", () => {
    expect(briefGrounds("The timetable quoted is last year's.\n\nThe operator published a new one in May.")).toEqual({
      text: "The timetable quoted is last year's. The operator published a new one in May.",
      cut: false,
    });
  });

  it("cuts long grounds after a whole word, with an ellipsis, and says it cut them", () => {
    const long = `${"The harbour figures count transshipments twice, ".repeat(10)}end.`;
    const brief = briefGrounds(long);
    expect(brief.cut).toBe(true);
    expect(brief.text.endsWith("…")).toBe(true);
    expect(Array.from(brief.text).length).toBeLessThanOrEqual(BRIEF_GROUNDS_CHARS + 1);
    // the word before the ellipsis is a whole word of the grounds, and no comma is left hanging before it
    expect(brief.text).toMatch(/(The|harbour|figures|count|transshipments|twice)…$/);
    expect(long.replace(/\s+/g, " ").startsWith(brief.text.slice(0, -1))).toBe(true);
  });

  it("never splits a character made of two code units", () => {
    const brief = briefGrounds("😀".repeat(BRIEF_GROUNDS_CHARS + 5));
    expect(brief.cut).toBe(true);
    expect(Array.from(brief.text)).toHaveLength(BRIEF_GROUNDS_CHARS + 1);
    expect(brief.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
