import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { keptWithinBudget } from "./kept-results";

// Rendering a long published body is the costly part of an article page (about 1.7 s of CPU for 200,000 characters
// on a small machine, more on a busy one) and the page is rendered on every request, so a long article asked for
// again and again would keep the server busy. A text and its claim spans render the same HTML every time: long
// texts' renders are kept. Short texts are not kept: they render in milliseconds and would only fill memory.
//
// Kept by a byte budget, not a count: with a count of 8, a reader cycling through 9 long articles made every request
// render anew. What is kept is the finished HTML (React's own static markup of the sanitized tree, so escaped as any
// page text), about 2.5 bytes per character of source — a fifth of the element tree it comes from — and serving it
// costs no tree walk. The budget holds about 70 articles of the largest body (200,000 characters: about 0.5 MB of
// HTML and 0.2 MB of key, 0.9 MB of heap measured) and several hundred of a usual long article's length, which is
// every long article a newsroom publishes in a long while; past it the least recently read go first
// (docs/DECISIONS.md, "Long articles' renders are kept by a byte budget").

/** Texts shorter than this are rendered each time. */
export const KEPT_RENDER_MIN_CHARS = 20_000;
/** Characters' bytes of kept HTML and keys: 48 MiB, about 60 MB of heap when full (measured: 1.25 × what is counted). */
export const KEPT_RENDER_BUDGET_BYTES = 48 * 1024 * 1024;

/** A string's bytes in memory: V8 stores one byte a character when every character is Latin-1, else two. */
const stringBytes = (text: string) => (/[^\u0000-\u00ff]/.test(text) ? 2 : 1) * text.length;

const renders = keptWithinBudget<string>(KEPT_RENDER_BUDGET_BYTES, (key, html) => stringBytes(key) + stringBytes(html));

/** A flat copy of `text`: the markup React builds is a rope of many pieces, several times the size of its characters. */
const flat = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text));

/**
 * The HTML of `render()` for `text` (with `variant`: what else shapes the elements, such as the claim spans),
 * kept when the text is long. The caller places it with dangerouslySetInnerHTML: it is React's escaped markup of
 * the sanitized tree `render()` made, not the author's text.
 */
export function keptRender(text: string, variant: string, render: () => ReactNode[]): string {
  const make = () => flat(renderToStaticMarkup(render()));
  if (text.length < KEPT_RENDER_MIN_CHARS) return make();
  // the text itself is the key (no hashing module: the page's components are compiled for the browser too)
  return renders(`${variant.length}:${variant}${text}`, make);
}

/** Bytes and entries kept now (for the memory check in tests and scripts). */
export const keptRenderUse = () => ({ bytes: renders.keptBytes(), count: renders.keptCount() });
