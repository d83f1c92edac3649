// How a server-rendered island hands its props to the browser: JSON in a
// <script type="application/json"> inside the island's element. `<` (and the two line separators
// JavaScript once treated as line ends) are written as \u escapes, so no text of an article — say
// "</script><script>…" — can close the element; JSON.parse reads the escapes back unchanged.

export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";

export function islandPropsJson(props: object): string {
  return JSON.stringify(props).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** The props an island's element carries, or undefined when it has none or they are not an object. */
export function readIslandProps(root: Element): Record<string, unknown> | undefined {
  const text = root.querySelector(`script[${ISLAND_PROPS_ATTRIBUTE}]`)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
