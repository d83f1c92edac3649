import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// README, docs/API.md and docs/DECISIONS.md are merged line by line ("union": both sides' lines are kept), which
// lets a line edited on two branches end up twice, old and new copy a few lines apart. Such a pair is two long
// lines that start alike; the reader then meets the same sentence twice and cannot tell which is true.

const root = path.resolve(import.meta.dirname, "..", "..");
const MERGED = ["README.md", "docs/API.md", "docs/DECISIONS.md"];
const LONG = 100;
const SAME_START = 80;
const WINDOW = 8;

/** Pairs of long lines at most WINDOW apart whose first SAME_START characters are the same (1-based line numbers). */
function mergeCopies(text: string): Array<[number, number]> {
  const lines = text.split("\n");
  const pairs: Array<[number, number]> = [];
  lines.forEach((line, i) => {
    if (line.length < LONG) return;
    for (let j = i + 1; j <= Math.min(i + WINDOW, lines.length - 1); j += 1) {
      const other = lines[j] ?? "";
      if (other.length >= LONG && other.slice(0, SAME_START) === line.slice(0, SAME_START)) pairs.push([i + 1, j + 1]);
    }
  });
  return pairs;
}

/** Headings glued to the line above them (a union merge drops the blank line between two appended sections), 1-based. */
function gluedHeadings(text: string): number[] {
  const lines = text.split("\n");
  return lines.flatMap((line, i) => (i > 0 && /^#{1,6} /.test(line) && lines[i - 1] !== "" ? [i + 1] : []));
}

describe("documents merged line by line", () => {
  it("finds an old and a new copy of a line kept side by side", () => {
    const sentence = "`/` the readers' front page (finalized articles ranked by one documented score with a reason, and filters)";
    expect(mergeCopies([sentence, "drafting", `${sentence} and feeds`].join("\n"))).toEqual([[1, 3]]);
    expect(mergeCopies([sentence, "drafting", "`/inbox` what happened to my capsules and roles (the unread count is in the header of every page)"].join("\n"))).toEqual([]);
  });

  it.each(MERGED)("%s holds no line twice", (file) => {
    expect(mergeCopies(fs.readFileSync(path.join(root, file), "utf8"))).toEqual([]);
  });

  it("finds a heading glued to the paragraph above it", () => {
    expect(gluedHeadings(["## One", "", "text.", "## Two", "", "## Three"].join("\n"))).toEqual([4]);
  });

  it.each(MERGED)("%s has a blank line before every heading", (file) => {
    const text = fs.readFileSync(path.join(root, file), "utf8").replace(/```[\s\S]*?```/g, (block) => block.replace(/^#/gm, " "));
    expect(gluedHeadings(text)).toEqual([]);
  });
});
