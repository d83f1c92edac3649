import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { db } from "@/lib/db/client";
import { pageOrigin } from "@/lib/http/page-origin";
import { readerArticle } from "@/lib/services/reader/reader-article";
import { newsArticleJsonLd } from "@/lib/services/reader/news-article-ld";
import { ReaderView, bylineNames } from "@/components/reader/reader-view";
import { isoDate } from "@/components/reader/reader-dates";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

// One read per request, shared by generateMetadata and the page.
const load = cache(async (id: string) => {
  if (!/^[1-9]\d{0,15}$/.test(id)) return undefined;
  const origin = await pageOrigin();
  const article = await readerArticle(db(), Number(id), origin);
  return article ? { article, canonical: `${origin}/read/${id}` } : undefined;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await load((await params).id);
  if (!loaded) return { title: "Article not found" };
  const { article, canonical } = loaded;
  const { read } = article;
  const title = read.content.title || read.capsule.title;
  const description = read.content.summary || read.content.subtitle || `${title} — ${article.outletName}`;
  return {
    title,
    description,
    alternates: { canonical },
    openGraph: {
      type: "article",
      title,
      description,
      url: canonical,
      siteName: article.outletName,
      publishedTime: isoDate(read.capsule.finalizedAt),
      modifiedTime: isoDate(read.capsule.finalizedAt),
      authors: bylineNames(read.contributors),
      section: read.content.category ?? undefined,
      tags: read.content.tags,
    },
  };
}

export default async function ReadPage({ params }: Props) {
  const loaded = await load((await params).id);
  if (!loaded) notFound();
  const { article, canonical } = loaded;
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: newsArticleJsonLd(article, canonical, bylineNames(article.read.contributors)) }} />
      <ReaderView article={article} registry={currentDeployment()?.contracts.articleRegistry.address} />
    </>
  );
}
