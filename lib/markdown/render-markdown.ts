import Markdown from "react-markdown";
import { createElement, Fragment, type ReactNode } from "react";
import type { PluggableList } from "unified";
import { boundedSource, rehypePlugins, remarkPlugins } from "./markdown-pipeline";

// Markdown -> React elements through react-markdown's synchronous renderer: no hooks and no
// "use client", so it runs in server components (a server-rendered reader page) and in the
// editor's live preview alike. No dangerouslySetInnerHTML: the sanitized tree becomes elements.

/** The Markdown source as React elements (CommonMark + GFM, sanitized; see markdown-pipeline.ts). */
export function renderMarkdown(source: string, moreRehype: PluggableList = []): ReactNode[] {
  return [createElement(Fragment, { key: "markdown" }, Markdown({ children: boundedSource(source), remarkPlugins, rehypePlugins: [...rehypePlugins, ...moreRehype] }))];
}
