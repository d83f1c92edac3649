import { createElement, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { islands } from "./islands";
import { ISLAND_ATTRIBUTE, readIslandProps } from "@/lib/islands/island-props";
import { enhanceLocalTimes } from "./local-times";
import { enhanceSiteMenu } from "./site-menu";
import { enhanceDeskLink } from "./desk-link";

// The browser entry of the script-free reading pages (bundled to public/islands/reader.js with
// Preact standing in for React, scripts/build-islands.mjs). Each island is rendered again from its
// props into its server-rendered element; same props, same markup, now with its event handlers.

function mountIslands(doc: Document): void {
  for (const root of doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = root.getAttribute(ISLAND_ATTRIBUTE);
    const props = readIslandProps(root);
    if (!name || !(name in islands) || !props) continue;
    // The props were written by this page's server for this very component (island.tsx).
    const component = islands[name as keyof typeof islands] as ComponentType<Record<string, unknown>>;
    root.replaceChildren();
    createRoot(root).render(createElement(component, props));
  }
}

enhanceSiteMenu(document);
enhanceLocalTimes(document);
try {
  enhanceDeskLink(document, window.localStorage, Date.now() / 1000);
} catch {
  // storage may be refused (a privacy setting): the link keeps "Sign in"
}
mountIslands(document);
