import type { ElementContent, Root as HastRoot, RootContent as HastContent } from "hast";
import type { Root as MdastRoot, RootContent as MdastContent } from "mdast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified, type PluggableList } from "unified";
import { limitInlineMarks } from "./inline-marks";
import { limitNesting } from "./nesting";
import { safeHref, vaultImageSrc } from "./safe-url";
import { styleArticle } from "./style-article";
import { walk } from "./tree-walk";

// CommonMark + GFM (tables, footnotes, strikethrough, task lists, autolinks) through remark/rehype.
// Raw HTML in the source becomes visible text before any HTML is made; rehype-sanitize (GitHub's
// schema) then strips anything unexpected, and applyUrlPolicy enforces safe-url.ts.

/**
 * Article headings start at <h2>: the page's title is its only <h1>, and the text's own top level of headings comes
 * right under it, whichever level its author began with (`#` → h2, or `##` → h2 in a text whose headings start at
 * `##`; the levels under it keep their steps, up to h6). A text that began at `##` went from the title's <h1> to
 * <h3>, skipping a level for readers who move by headings.
 */
function demoteHeadings() {
  return (tree: MdastRoot) => {
    let top = 6;
    walk<MdastContent>(tree, (node) => {
      if (node.type === "heading") top = Math.min(top, node.depth);
      return undefined;
    });
    walk<MdastContent>(tree, (node) => {
      if (node.type === "heading") node.depth = Math.min(node.depth - top + 2, 6) as typeof node.depth;
      return undefined;
    });
  };
}

/** `<b>hi</b>` written in a draft is shown as those characters, never parsed as HTML. */
function rawHtmlAsText() {
  return (tree: MdastRoot) =>
    walk<MdastContent>(tree, (node, parent) => {
      if (node.type !== "html") return undefined;
      const text = { type: "text" as const, value: node.value };
      const block = "type" in parent && ["root", "blockquote", "listItem", "footnoteDefinition"].includes(String(parent.type));
      return [block ? { type: "paragraph", children: [text] } : text];
    });
}

// remark-rehype already prefixes footnote ids with "user-content-"; a second prefix from the
// sanitizer would break the footnote links, so the sanitizer leaves ids alone (no other ids can
// exist: raw HTML never reaches the tree).
const schema = { ...defaultSchema, clobberPrefix: "" };
const REL = ["noopener", "noreferrer", "nofollow"];
const FOOTNOTE_HREF = /^#user-content-fn(ref)?-[\w-]+$/;

const str = (value: unknown) => (typeof value === "string" ? value : "");

/** Links keep only http(s) and footnote targets; images keep only vault objects, others become a link or words. */
function applyUrlPolicy() {
  return (tree: HastRoot) =>
    walk<HastContent>(tree, (node, parent) => {
      if (node.type !== "element") return undefined;
      if (node.tagName === "a") {
        const href = str(node.properties.href);
        if (FOOTNOTE_HREF.test(href)) return undefined;
        const target = safeHref(href) ?? vaultImageSrc(href);
        if (!target) return node.children; // the words stay, the link goes
        node.properties.href = target;
        node.properties.rel = REL;
        return undefined;
      }
      if (node.tagName === "img") {
        const alt = str(node.properties.alt);
        const src = vaultImageSrc(str(node.properties.src));
        if (src) {
          node.properties = { src, alt, loading: "lazy", decoding: "async" };
          return [node];
        }
        const external = safeHref(str(node.properties.src));
        const label = `Image: ${alt || "untitled"}`;
        const words: ElementContent = { type: "text", value: external ? `${label} (external, not loaded)` : `[${label}]` };
        const insideLink = "tagName" in parent && parent.tagName === "a";
        return external && !insideLink ? [{ type: "element", tagName: "a", properties: { href: external, rel: REL }, children: [words] }] : [words];
      }
      return undefined;
    });
}

/** Shared by the unified processor below and react-markdown (render-markdown.ts), so both give the same tree. */
export const remarkPlugins: PluggableList = [remarkGfm, rawHtmlAsText, demoteHeadings];
export const rehypePlugins: PluggableList = [[rehypeSanitize, schema], applyUrlPolicy, styleArticle];

const processor = unified().use(remarkParse).use(remarkPlugins).use(remarkRehype).use(rehypePlugins).freeze();

/**
 * What the parser is given: line breaks as `\n`, nesting cut to MAX_MARKDOWN_NESTING (nesting.ts) and marks past
 * MAX_INLINE_MARKS in a paragraph made plain (inline-marks.ts), every offset of the source kept.
 */
export function boundedSource(source: string): string {
  return limitInlineMarks(limitNesting(source.replace(/\r\n?/g, "\n")));
}

/** The Markdown syntax tree (CommonMark + GFM), before any HTML is made. */
export function parseMarkdown(source: string): MdastRoot {
  return processor.parse(boundedSource(source));
}

/** The sanitized, styled HTML tree of an article body. */
export function markdownToHast(source: string): HastRoot {
  return processor.runSync(parseMarkdown(source)) as HastRoot;
}
