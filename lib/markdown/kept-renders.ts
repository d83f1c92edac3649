import type { ReactNode } from "react";

// Rendering a long published body is the costly part of an article page (about 1.7 s of CPU for 200,000 characters
// on a small machine) and the page is rendered on every request, so one long article asked for again and again
// would keep the server busy. A text and its claim spans render the same elements every time (React elements are
// immutable, so one tree serves many responses): long texts' renders are kept, a few of them. Short texts are not
// kept: they render in milliseconds and would only fill memory.

/**
 * What `make()` answered for a key, the `size` most recently asked for: for work on published text, which never
 * changes under its key, so nothing kept is ever stale.
 */
export function keptResults<T>(size: number): (key: string, make: () => T) => T {
  const kept = new Map<string, T>();
  return (key, make) => {
    const found = kept.get(key);
    if (found !== undefined) {
      // the most recently asked for goes last, so a popular text stays while others come and go
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const made = make();
    if (kept.size >= size) kept.delete(kept.keys().next().value as string);
    kept.set(key, made);
    return made;
  };
}

/** Texts shorter than this are rendered each time. */
export const KEPT_RENDER_MIN_CHARS = 20_000;
const renders = keptResults<ReactNode[]>(8);

/** `render()` of `text` (with `variant`: what else shapes the elements, such as the claim spans), kept when the text is long. */
export function keptRender(text: string, variant: string, render: () => ReactNode[]): ReactNode[] {
  if (text.length < KEPT_RENDER_MIN_CHARS) return render();
  // the text itself is the key (no hashing module: the page's components are compiled for the browser too)
  return renders(`${variant.length}:${variant}${text}`, render);
}
