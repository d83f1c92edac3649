import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { db } from "@/lib/db/client";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { originFromHeaders } from "@/lib/http/public-origin";
import { countUnknownPath } from "@/lib/http/unknown-route";
import { findCapsule } from "@/features/capsules/capsules.repository";
import { logWarn } from "@/lib/log";
import { isDecimalId } from "@/lib/schemas/whole-number";
import { sponsoredFor, type SponsoredAd } from "@/features/ads/impressions";
import { readerArticle, type ReaderArticle } from "./reader-article";
import { labelProof } from "./label-proof";
import type { TLabelProof } from "./label-basis";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";

/** `label`: the label the page shows and the chain facts it follows from, for the page's own check (null: not available). */
export type ArticlePageData = { article: ReaderArticle; canonical: string; registry: string | null; sponsored: SponsoredAd | null; label: TLabelProof | null };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * What /read/:id renders, or undefined for its 404 (an unknown id, a draft, an article not finalized
 * yet), which counts toward the client's public GET limit like any unknown page.
 */
export async function loadArticlePage(id: string, headers: IncomingHttpHeaders): Promise<ArticlePageData | undefined> {
  const origin = originFromHeaders((name) => first(headers[name]), { proto: "http", host: "localhost" });
  const article = isDecimalId(id) ? await readerArticle(db(), Number(id), origin) : undefined;
  if (!article) {
    await countUnknownPath(first(headers[CLIENT_IP_HEADER]) ?? "unknown").catch(() => undefined);
    return undefined;
  }
  const capsule = await findCapsule(db(), Number(id));
  const [sponsored, label] = await Promise.all([article.courtCase?.status === "open" || !capsule ? null : sponsoredSlot(capsule, headers), capsule ? pageLabel(capsule) : null]);
  // Next.js hands props to the page as JSON: a round trip drops the undefined fields it refuses.
  return {
    article: JSON.parse(JSON.stringify(article)) as ReaderArticle,
    canonical: `${origin}/read/${id}`,
    registry: currentDeployment()?.contracts.articleRegistry.address ?? null,
    sponsored,
    label,
  };
}

// The proof route's label section, rendered with the label it explains: the check in the reader's browser then tests
// the very label this page shows, with no second request (docs/DECISIONS.md, "The article page checks its label").
async function pageLabel(capsule: CapsuleRow): Promise<TLabelProof | null> {
  try {
    return await labelProof(db(), capsule);
  } catch (error) {
    logWarn("reader", "no label proof on the article page", { capsuleId: capsule.id, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** The campaign beside the article, its impression counted for this reader (an ad never breaks the page). */
async function sponsoredSlot(capsule: CapsuleRow, headers: IncomingHttpHeaders): Promise<SponsoredAd | null> {
  try {
    const reader = { ip: first(headers[CLIENT_IP_HEADER]) ?? "unknown", userAgent: first(headers["user-agent"]) ?? "" };
    return await sponsoredFor(db(), capsule, reader, Math.floor(Date.now() / 1000));
  } catch (error) {
    logWarn("ads", "no ad on the article page", { capsuleId: capsule.id, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
