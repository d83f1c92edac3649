import type { IncomingHttpHeaders } from "node:http";
import { processHolder } from "@/lib/process-registry";
import type { ArticlePageData } from "@/features/reader/article-page";

export type { ArticlePageData };

// The seam between the article page (pages/read/[id].tsx) and the services behind it. Next.js
// refuses any module that imports "server-only" in the Pages Router's graph, and every service
// does (config, database, chain), so the page cannot import them. The server process, which runs
// the services outside the bundler, hands the page its loader at start (server/web-server.ts);
// this module imports types and the process registry only. One loader per process, in the process
// registry because the page's bundle and the server process each have their own copy of this module.

export type ArticlePageLoader = (id: string, headers: IncomingHttpHeaders) => Promise<ArticlePageData | undefined>;

const holder = processHolder<{ loader: ArticlePageLoader }>("articlePageLoader");

export function provideArticlePageLoader(loader: ArticlePageLoader): void {
  holder.loader = loader;
}

export function articlePageLoader(): ArticlePageLoader {
  const loader = holder.loader;
  if (!loader) throw new Error("the article page's loader was not provided: start the server with `npm start` (scripts/start.ts)");
  return loader;
}
