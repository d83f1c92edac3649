import type { GetServerSideProps } from "next";
import Head from "next/head";
import { NotFoundMessage } from "@/components/layout/not-found-message";
import { ReaderFrame } from "@/components/layout/reader-frame";
import { IslandScript } from "@/components/reader/islands/island";
import type { DocumentHead } from "@/components/document/document-head";
import { articleDocumentHead } from "@/components/reader/article-head";
import { ReaderView } from "@/components/reader/reader-view";
import { SponsoredSlot } from "@/components/reader/sponsored-slot";
import { nonceOf } from "@/lib/http/content-security-policy";
import { articlePageLoader, type ArticlePageData } from "@/features/reader/article-page-loader";

// /read/:id — the reader's article. A Pages Router page with the runtime switched off: the HTML is
// rendered on the server like any page, but the browser gets no React, Next.js router or page
// bundle, only /islands/reader.js for the on-chain check, the evidence check and the menu
// (docs/DECISIONS.md, "The article page without the React runtime").
export const config = { unstable_runtimeJS: false };

type Props = (ArticlePageData | { missing: true }) & { documentHead: DocumentHead; nonce: string | null };

export const getServerSideProps: GetServerSideProps<Props, { id: string }> = async ({ params, req, res }) => {
  const nonce = nonceOf(req.headers) ?? null;
  let data: ArticlePageData | undefined;
  try {
    data = await articlePageLoader()(params?.id ?? "", req.headers);
  } catch (error) {
    // no configured public origin fits this Host: the page's canonical link cannot be built
    if (!(error instanceof Error && "code" in error && error.code === "MISDIRECTED_REQUEST")) throw error;
    res.statusCode = 421;
    return { props: { missing: true, documentHead: { title: "Wrong address · Capsule" }, nonce } };
  }
  if (data) return { props: { ...data, documentHead: articleDocumentHead(data.article, data.canonical), nonce } };
  res.statusCode = 404;
  return { props: { missing: true, documentHead: { title: "Page not found · Capsule" }, nonce } };
};

export default function ReadPage(props: Props) {
  if ("missing" in props) return <ArticleNotFound />;
  return (
    <ReaderFrame>
      <Viewport />
      <ReaderView article={props.article} registry={props.registry ?? undefined} origin={new URL(props.canonical).origin} label={props.label} />
      {props.sponsored ? <SponsoredSlot ad={props.sponsored} /> : null}
      <IslandScript nonce={props.nonce ?? undefined} />
    </ReaderFrame>
  );
}

function ArticleNotFound() {
  return (
    <ReaderFrame>
      <Viewport />
      <NotFoundMessage>There is no published article at this address: it may not exist, or it may not be finalized yet.</NotFoundMessage>
    </ReaderFrame>
  );
}

// next/head's default viewport lacks initial-scale; the App Router's pages carry both.
function Viewport() {
  return (
    <Head>
      <meta name="viewport" content="width=device-width, initial-scale=1" />
    </Head>
  );
}
