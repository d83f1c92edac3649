import type { ReaderArticle } from "./reader-article";
import { languageTag } from "@/lib/schemas/language-tag";

const iso = (unixSeconds: string) => (Number(unixSeconds) > 0 ? new Date(Number(unixSeconds) * 1000).toISOString() : undefined);

/** schema.org NewsArticle for /read/:id, as a string safe inside <script type="application/ld+json">. */
export function newsArticleJsonLd(article: ReaderArticle, canonical: string, authors: string[]): string {
  const { read } = article;
  const data = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: read.content.title || read.capsule.title,
    description: read.content.summary || read.content.subtitle || undefined,
    url: canonical,
    mainEntityOfPage: canonical,
    // a correction is the same article: published when its first version was, modified when this one was finalized
    datePublished: iso(article.firstPublishedAt),
    dateModified: iso(read.capsule.finalizedAt),
    inLanguage: languageTag(read.content.language),
    articleSection: read.content.category ?? undefined,
    keywords: read.content.tags.length > 0 ? read.content.tags.join(", ") : undefined,
    author: authors.map((name) => ({ "@type": "Person", name })),
    publisher: { "@type": "Organization", name: article.outletName },
    image: read.content.featureImage ? { "@type": "ImageObject", url: new URL(read.content.featureImage.url, canonical).href, caption: read.content.featureImage.alt } : undefined,
  };
  // "<" escaped so the body of the script element can never close it early.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
