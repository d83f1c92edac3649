import type { Element, Root } from "hast";
import { walk } from "./tree-walk";
import type { RootContent } from "hast";

// Presentation of an article body: Tailwind classes per element, added after sanitizing (the
// sanitizer would strip them). Wide tables scroll inside their own focusable box, never the page.

const classes: Record<string, string> = {
  h2: "mt-6 text-xl font-bold",
  h3: "mt-5 text-lg font-semibold",
  h4: "mt-4 font-semibold",
  h5: "mt-4 font-semibold",
  h6: "mt-4 text-sm font-semibold text-stone-600",
  p: "mt-3 leading-relaxed",
  ul: "mt-3 space-y-1 pl-6 list-disc",
  ol: "mt-3 space-y-1 pl-6 list-decimal",
  blockquote: "mt-3 border-l-4 border-stone-300 pl-4 italic text-stone-700",
  pre: "mt-3 overflow-x-auto rounded-md bg-stone-900 p-3 text-sm text-stone-100",
  hr: "my-6 border-stone-200",
  a: "text-accent underline underline-offset-2 hover:no-underline",
  img: "mt-3 h-auto max-w-full rounded",
  table: "min-w-full border-collapse text-left text-sm",
  th: "border-b-2 border-stone-300 px-3 py-1.5 font-semibold",
  td: "border-b border-stone-200 px-3 py-1.5 align-top",
  section: "mt-8 border-t border-stone-200 pt-2 text-sm",
  del: "text-stone-500",
};
const inlineCode = "rounded bg-stone-100 px-1 py-0.5 font-mono text-[0.9em]";

function addClass(node: Element, extra: string): void {
  const current = node.properties.className;
  const list = Array.isArray(current) ? current.map(String) : typeof current === "string" ? [current] : [];
  node.properties.className = [...list, ...extra.split(" ")];
}

export function styleArticle() {
  return (tree: Root) =>
    walk<RootContent>(tree, (node, parent) => {
      if (node.type !== "element") return undefined;
      const inPre = "tagName" in parent && parent.tagName === "pre";
      if (node.tagName === "code" && !inPre) addClass(node, inlineCode);
      const own = classes[node.tagName];
      if (own) addClass(node, own);
      if (node.tagName !== "table") return undefined;
      walk<RootContent>(node, (child) => {
        if (child.type === "element") {
          const cellClass = classes[child.tagName];
          if (cellClass) addClass(child, cellClass);
        }
        return undefined;
      });
      const box: Element = {
        type: "element",
        tagName: "div",
        properties: { className: ["mt-3", "max-w-full", "overflow-x-auto"], tabIndex: 0, role: "region", ariaLabel: "Table (scrolls sideways)" },
        children: [node],
      };
      return [box];
    });
}
