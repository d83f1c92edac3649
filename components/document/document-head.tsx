// A page of pages/ describes its <head> as data (`documentHead` in its props) and pages/_document.tsx
// writes it: tags written by the document come out exactly as written, where next/head would mark
// each one with a data-next-head attribute.

export type DocumentHead = {
  title: string;
  description?: string;
  canonical?: string;
  /** OpenGraph and article:* properties, in order; a property may repeat (article:tag). */
  properties?: Array<[property: string, content: string]>;
  /** schema.org JSON-LD, already safe inside <script> (see features/reader/news-article-ld.ts). */
  jsonLd?: string;
  /** More JSON-LD documents, each already safe inside <script> (the article's ClaimReviews). */
  moreJsonLd?: string[];
};

/** The head a page's props carry, if any (the props are this app's own, written by getServerSideProps). */
export function documentHeadOf(pageProps: unknown): DocumentHead | undefined {
  if (typeof pageProps !== "object" || pageProps === null || !("documentHead" in pageProps)) return undefined;
  const head = (pageProps as { documentHead: unknown }).documentHead;
  return typeof head === "object" && head !== null && typeof (head as { title?: unknown }).title === "string" ? (head as DocumentHead) : undefined;
}

export function DocumentHeadTags({ head }: { head: DocumentHead }) {
  return (
    <>
      <title>{head.title}</title>
      {head.description ? <meta name="description" content={head.description} /> : null}
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
      {(head.properties ?? []).map(([property, content], index) => (
        <meta key={`${index}-${property}`} property={property} content={content} />
      ))}
      {head.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} /> : null}
      {(head.moreJsonLd ?? []).map((text, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: text }} />
      ))}
    </>
  );
}
