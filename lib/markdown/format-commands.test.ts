import { describe, expect, it } from "vitest";
import { applyFormat, readingStats } from "./format-commands";

describe("editor toolbar commands", () => {
  it("bold and italic wrap the selection, or insert a selected placeholder, and toggle off", () => {
    expect(applyFormat("bold", "a word here", { start: 2, end: 6 })).toEqual({ text: "a **word** here", selection: { start: 4, end: 8 } });
    expect(applyFormat("bold", "a **word** here", { start: 4, end: 8 })).toEqual({ text: "a word here", selection: { start: 2, end: 6 } });
    expect(applyFormat("italic", "ab", { start: 1, end: 1 })).toEqual({ text: "a*italic text*b", selection: { start: 2, end: 13 } });
    // italic on bold adds a mark (***x***), and taking it off leaves the bold
    const both = applyFormat("italic", "a **word** here", { start: 4, end: 8 });
    expect(both).toEqual({ text: "a ***word*** here", selection: { start: 5, end: 9 } });
    expect(applyFormat("italic", both.text, both.selection)).toEqual({ text: "a **word** here", selection: { start: 4, end: 8 } });
    expect(applyFormat("bold", both.text, both.selection)).toEqual({ text: "a *word* here", selection: { start: 3, end: 7 } });
  });

  it("a link keeps the words and selects the address to paste over", () => {
    const edit = applyFormat("link", "see the tender", { start: 8, end: 14 });
    expect(edit.text).toBe("see the [tender](https://)");
    expect(edit.text.slice(edit.selection.start, edit.selection.end)).toBe("https://");
  });

  it("heading, list and quote prefix every selected line and toggle off", () => {
    const text = "one\ntwo\n\nthree";
    const listed = applyFormat("list", text, { start: 0, end: 7 });
    expect(listed.text).toBe("- one\n- two\n\nthree");
    expect(applyFormat("list", listed.text, listed.selection).text).toBe(text);
    expect(applyFormat("quote", "a line", { start: 3, end: 3 })).toEqual({ text: "> a line", selection: { start: 5, end: 5 } });
    expect(applyFormat("heading", "### Old", { start: 0, end: 0 }).text).toBe("Old");
    expect(applyFormat("heading", "x\nTitle", { start: 4, end: 4 }).text).toBe("x\n## Title");
  });

  it("reading stats count words, not punctuation, at 230 a minute", () => {
    expect(readingStats("")).toEqual({ words: 0, minutes: 0 });
    expect(readingStats("One — two, three.")).toEqual({ words: 3, minutes: 1 });
    expect(readingStats("word ".repeat(690))).toEqual({ words: 690, minutes: 3 });
  });
});
