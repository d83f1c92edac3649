import type { ElementContent, Root as HastRoot, RootContent } from "hast";
import { markdownToHast } from "./markdown-pipeline";

// Plain text of an article as a reader sees it: taken from the rendered (sanitized) HTML tree, never
// from the Markdown source, so link targets, emphasis marks and heading hashes never leak into an
// excerpt, a feed summary or a diff.

const BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "pre", "tr", "table", "ul", "ol", "section", "hr", "dt", "dd"]);
/** Blocks an excerpt leaves out: headings are titles, not prose; code, tables and footnotes are detail. */
const NOT_PROSE = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "section", "hr"]);

type Node = RootContent | ElementContent;

const inlineText = (node: Node): string => {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return "";
  if (node.tagName === "br") return " ";
  if (node.tagName === "img") return "";
  // the footnote reference "[1]" is a superscript link; its number is noise in plain text
  if (node.tagName === "sup") return "";
  return node.children.map(inlineText).join("");
};

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** The blocks of the rendered article, each as one line of plain text, in reading order. */
function blocksOf(tree: HastRoot, skip: Set<string>): string[] {
  const out: string[] = [];
  const visit = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type !== "element") {
        if (node.type === "text" && squash(node.value)) out.push(squash(node.value));
        continue;
      }
      if (skip.has(node.tagName)) continue;
      const hasBlockChild = node.children.some((child) => child.type === "element" && BLOCKS.has(child.tagName));
      if (BLOCKS.has(node.tagName) && !hasBlockChild) {
        const line = squash(inlineText(node));
        if (line) out.push(line);
      } else {
        visit(node.children);
      }
    }
  };
  visit(tree.children);
  return out;
}

/** The whole rendered article as plain text, one paragraph (heading, list item, row) per line. */
export function articlePlainText(markdown: string): string {
  return blocksOf(markdownToHast(markdown), new Set(["hr"])).join("\n");
}

/** At most `max` characters of plain prose, cut at a word with "…". */
export function truncateWords(text: string, max: number): string {
  const plain = squash(text);
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}

/**
 * A listing's excerpt: the standfirst when the article has one, else the opening prose of the
 * rendered body (paragraphs, lists and quotes; headings, code, tables and footnotes left out).
 */
export function articleExcerpt(article: { standfirst?: string | null; body: string }, max = 220): string {
  const standfirst = squash(article.standfirst ?? "");
  if (standfirst) return truncateWords(standfirst, max);
  return truncateWords(blocksOf(markdownToHast(article.body), NOT_PROSE).join(" "), max);
}
