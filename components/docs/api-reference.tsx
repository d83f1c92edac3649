"use client";

import Script from "next/script";
import { useCallback, useRef, useState } from "react";
import { pathOf } from "@/lib/api/request";
import { openApiDocument } from "@/features/operator/openapi.endpoint";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";

// The reference is rendered by Swagger UI (swagger-ui-dist, served by this app under
// /docs/api/assets) from GET /api/openapi.json. "Try it out" is offered for reads only: a write
// needs a signed action token, which the pages build for you.

type SwaggerUIBundle = (options: Record<string, unknown>) => unknown;
const ASSETS = "/docs/api/assets";

export function ApiReference() {
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  const render = useCallback(() => {
    const bundle = (window as unknown as { SwaggerUIBundle?: SwaggerUIBundle }).SwaggerUIBundle;
    if (!bundle || !target.current) return setState("failed");
    // Swagger UI titles itself with an <h1> and re-renders it at will; the page's own heading is
    // the only level-1 heading, so every h1 it inserts is demoted as it appears. aria-level on an
    // <h1> is not honoured everywhere, so the h1 loses its role and its <hgroup> becomes the
    // level-2 heading (the server picker gets its missing label in onComplete).
    // Its operations sit in a <main> of their own, a second main landmark inside the page's: it becomes a named region.
    const demote = (root: ParentNode) => {
      root.querySelectorAll("h1:not([role])").forEach((h) => {
        h.setAttribute("role", "none");
        const group = h.closest("hgroup");
        group?.setAttribute("role", "heading");
        group?.setAttribute("aria-level", "2");
      });
      root.querySelectorAll("main:not([role])").forEach((m) => {
        m.setAttribute("role", "region");
        m.setAttribute("aria-label", "Operations");
      });
    };
    new MutationObserver(() => target.current && demote(target.current)).observe(target.current, { childList: true, subtree: true });
    bundle({
      url: pathOf(openApiDocument),
      domNode: target.current,
      // deep links put a link (the path) inside each operation's expand button, a control nested in a control
      // that screen readers and keyboards cannot reach properly (axe nested-interactive); without them the path is text
      deepLinking: false,
      validatorUrl: null,
      supportedSubmitMethods: ["get"],
      defaultModelsExpandDepth: 0,
      docExpansion: "list",
      onComplete: () => {
        target.current?.querySelector("select#servers")?.setAttribute("aria-label", "Server");
        setState("ready");
      },
    });
  }, []);

  return (
    <div>
      <link rel="stylesheet" href={`${ASSETS}/swagger-ui.css`} precedence="default" />
      <Script src={`${ASSETS}/swagger-ui-bundle.js`} strategy="afterInteractive" onReady={render} onError={() => setState("failed")} />
      <p className="mb-4 text-sm text-stone-600">
        The machine-readable document:{" "}
        <a className="text-accent underline" href={pathOf(openApiDocument)}>
          {pathOf(openApiDocument)}
        </a>{" "}
        (OpenAPI 3.1).
      </p>
      {state === "loading" ? (
        <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading the API reference">
          <Skeleton className="block h-10 w-full" />
          <Skeleton className="block h-10 w-full" />
          <Skeleton className="block h-10 w-2/3" />
        </div>
      ) : null}
      {state === "failed" ? <ErrorNotice title="The API reference could not be loaded" error={new Error("The reference renderer did not load. Reload the page to try again.")} /> : null}
      <div ref={target} className="api-reference overflow-x-auto rounded-md border border-stone-200 bg-white" data-testid="api-reference" />
    </div>
  );
}
