import { describe, expect, it } from "vitest";
import { quoted, stopAfter } from "./quotation";

describe("quoted passages", () => {
  it("wraps a passage in curly quotes", () => {
    expect(quoted("The budget rose by 4%")).toBe("“The budget rose by 4%”");
  });

  it("turns the passage's own double quotes into single ones, so no quote mark is doubled", () => {
    expect(quoted('"We had no choice," the mayor said.')).toBe("“‘We had no choice,’ the mayor said.”");
    expect(quoted("“We had no choice,” the mayor said.")).toBe("“‘We had no choice,’ the mayor said.”");
  });

  it("adds a full stop only where the passage does not end a sentence", () => {
    expect(stopAfter("It rose by 4% in a year.")).toBe("");
    expect(stopAfter("Did it rise?")).toBe("");
    expect(stopAfter('He said "no."')).toBe("");
    expect(stopAfter("It rose by 4%")).toBe(".");
  });
});
