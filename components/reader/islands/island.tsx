import type { ComponentProps, ComponentType } from "react";
import { islands, type IslandName } from "./islands";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, islandPropsJson } from "@/lib/islands/island-props";

/**
 * A client component on a page that ships no React runtime: rendered here to HTML like the rest of
 * the page, then mounted again in the browser by /islands/reader.js from the props written next to it.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  // `props` is typed by `name` at the call site; inside, one component type serves every island
  const Component = islands[name] as ComponentType<object>;
  return (
    <div {...{ [ISLAND_ATTRIBUTE]: name }}>
      <Component {...props} />
      <script type="application/json" {...{ [ISLAND_PROPS_ATTRIBUTE]: "" }} dangerouslySetInnerHTML={{ __html: islandPropsJson(props) }} />
    </div>
  );
}

/**
 * The islands' script, once per page (after the islands, so it runs when they are in the DOM). Not in
 * development, where Next.js keeps the page's runtime and React hydrates the islands itself. `nonce`
 * is the page's CSP nonce (lib/http/content-security-policy.ts).
 */
export function IslandScript({ nonce }: { nonce?: string }) {
  return process.env.NODE_ENV === "production" ? <script src={ISLANDS_SCRIPT_URL} defer nonce={nonce} /> : null;
}

export const ISLANDS_SCRIPT_URL = "/islands/reader.js";
