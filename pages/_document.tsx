import { Head, Html, Main, NextScript, type DocumentProps } from "next/document";
import { DocumentHeadTags, documentHeadOf } from "@/components/document/document-head";

// The document of the pages/ routes (only /read/:id, which ships no React runtime): the same <html>
// and <body> as app/layout.tsx, and the page's own <head> tags (components/document/document-head.tsx).
export default function Document({ __NEXT_DATA__ }: DocumentProps) {
  const head = documentHeadOf(__NEXT_DATA__.props?.pageProps);
  return (
    <Html lang="en">
      <Head>
        {head ? <DocumentHeadTags head={head} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </Head>
      <body className="min-h-screen font-sans antialiased">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
