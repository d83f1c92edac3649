import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { db } from "@/lib/db/client";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { originFromHeaders } from "@/lib/http/public-origin";
import { countUnknownPath } from "@/lib/http/unknown-route";
import { readerArticle, type ReaderArticle } from "./reader-article";

export type ArticlePageData = { article: ReaderArticle; canonical: string; registry: string | null };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * What /read/:id renders, or undefined for its 404 (an unknown id, a draft, an article not finalized
 * yet), which counts toward the client's public GET limit like any unknown page.
 */
export async function loadArticlePage(id: string, headers: IncomingHttpHeaders): Promise<ArticlePageData | undefined> {
  const origin = originFromHeaders((name) => first(headers[name]), { proto: "http", host: "localhost" });
  const article = /^[1-9]\d{0,15}$/.test(id) ? await readerArticle(db(), Number(id), origin) : undefined;
  if (!article) {
    await countUnknownPath(first(headers[CLIENT_IP_HEADER]) ?? "unknown").catch(() => undefined);
    return undefined;
  }
  // Next.js hands props to the page as JSON: a round trip drops the undefined fields it refuses.
  return {
    article: JSON.parse(JSON.stringify(article)) as ReaderArticle,
    canonical: `${origin}/read/${id}`,
    registry: currentDeployment()?.contracts.articleRegistry.address ?? null,
  };
}
