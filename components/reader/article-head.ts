import type { DocumentHead } from "@/components/document/document-head";
import type { ReaderArticle } from "@/features/reader/reader-article";
import { newsArticleJsonLd } from "@/features/reader/news-article-ld";
import { claimReviewArticle, claimReviews, jsonLdText } from "@/features/reader/claim-review";
import { bylineNames } from "./reader-view";
import { isoDate } from "./reader-dates";

/**
 * The article page's <head>: title, description, canonical URL, OpenGraph article tags and the
 * schema.org NewsArticle, all in the server's HTML for search engines, feed readers and link previews.
 */
export function articleDocumentHead(article: ReaderArticle, canonical: string): DocumentHead {
  const { read } = article;
  const title = read.content.title || read.capsule.title;
  const description = read.content.summary || read.content.subtitle || `${title} — ${article.outletName}`;
  const authors = bylineNames(read.contributors);
  const published = isoDate(article.firstPublishedAt);
  const modified = isoDate(read.capsule.finalizedAt);
  const properties: Array<[string, string]> = [
    ["og:type", "article"],
    ["og:title", title],
    ["og:description", description],
    ["og:url", canonical],
    ["og:site_name", article.outletName],
    ...(published ? ([["article:published_time", published]] as Array<[string, string]>) : []),
    ...(modified ? ([["article:modified_time", modified]] as Array<[string, string]>) : []),
    ...authors.map((name): [string, string] => ["article:author", name]),
    ...(read.content.category ? ([["article:section", read.content.category]] as Array<[string, string]>) : []),
    ...read.content.tags.map((tag): [string, string] => ["article:tag", tag]),
    // link previews show the feature image with its alt text
    ...(read.content.featureImage
      ? ([
          ["og:image", new URL(read.content.featureImage.url, canonical).href],
          ["og:image:alt", read.content.featureImage.alt],
        ] as Array<[string, string]>)
      : []),
  ];
  const reviews = claimReviews(read.claims, claimReviewArticle(article, canonical));
  return { title: `${title} · Capsule`, description, canonical, properties, jsonLd: newsArticleJsonLd(article, canonical, authors), moreJsonLd: reviews.map(jsonLdText) };
}
