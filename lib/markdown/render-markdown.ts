import { createElement, Fragment, type ReactNode } from "react";
import { parseMarkdown, type Block, type Inline } from "./parse-markdown";

// Markdown -> React elements. Every string becomes a text node (React escapes it); there is no
// dangerouslySetInnerHTML anywhere, so `<script>` in a draft is shown, never run.

const headingClass: Record<number, string> = {
  1: "mt-6 text-2xl font-bold",
  2: "mt-6 text-xl font-bold",
  3: "mt-5 text-lg font-semibold",
  4: "mt-4 font-semibold",
  5: "mt-4 text-sm font-semibold",
  6: "mt-4 text-sm font-semibold text-stone-600",
};

function renderInline(nodes: Inline[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${keyPrefix}.${index}`;
    switch (node.type) {
      case "text":
        return createElement(Fragment, { key }, node.text);
      case "break":
        return createElement("br", { key });
      case "code":
        return createElement("code", { key, className: "rounded bg-stone-100 px-1 py-0.5 font-mono text-[0.9em]" }, node.text);
      case "strong":
        return createElement("strong", { key }, ...renderInline(node.children, key));
      case "em":
        return createElement("em", { key }, ...renderInline(node.children, key));
      case "link":
        return createElement(
          "a",
          { key, href: node.href, rel: "noopener noreferrer nofollow", className: "text-accent underline underline-offset-2 hover:no-underline" },
          ...renderInline(node.children, key),
        );
    }
  });
}

function renderBlock(block: Block, key: string): ReactNode {
  switch (block.type) {
    case "heading":
      return createElement(`h${block.level}`, { key, className: headingClass[block.level] }, ...renderInline(block.children, key));
    case "paragraph":
      return createElement("p", { key, className: "mt-3 leading-relaxed" }, ...renderInline(block.children, key));
    case "list":
      return createElement(
        block.ordered ? "ol" : "ul",
        { key, className: `mt-3 space-y-1 pl-6 ${block.ordered ? "list-decimal" : "list-disc"}`, ...(block.ordered && block.start !== 1 ? { start: block.start } : {}) },
        ...block.items.map((item, index) => createElement("li", { key: `${key}.${index}` }, ...renderInline(item, `${key}.${index}`))),
      );
    case "blockquote":
      return createElement(
        "blockquote",
        { key, className: "mt-3 border-l-4 border-stone-300 pl-4 italic text-stone-700" },
        ...block.children.map((child, index) => renderBlock(child, `${key}.${index}`)),
      );
    case "code":
      return createElement(
        "pre",
        { key, className: "mt-3 overflow-x-auto rounded-md bg-stone-900 p-3 text-sm text-stone-100" },
        createElement("code", { className: block.lang ? `language-${block.lang}` : undefined }, block.text),
      );
    case "rule":
      return createElement("hr", { key, className: "my-6 border-stone-200" });
  }
}

/** The Markdown source as React elements (safe: escaped text, http(s) links only). */
export function renderMarkdown(source: string): ReactNode[] {
  return parseMarkdown(source).map((block, index) => renderBlock(block, `b${index}`));
}
