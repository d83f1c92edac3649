import { MarkdownView } from "@/components/markdown/markdown-view";
import { renderMarkdown } from "@/lib/markdown/render-markdown";
import { keptRender } from "@/lib/markdown/kept-renders";
import { markClaims, type ClaimSpan } from "@/lib/markdown/claim-marks";
import { quoteOffset } from "@/features/capsules/claim-anchor";
import type { TClaimObject } from "@/features/capsules/claims.schema";

// The article text, rendered to HTML on the server: the article page (pages/read/[id].tsx) ships no
// page bundle, so the Markdown parser (micromark and its extensions) never reaches a reader's browser.
// Long texts' HTML is kept (lib/markdown/kept-renders.ts).
// Each claim's quote is marked in the text with a footnote-style link to its entry (lib/markdown/claim-marks.ts).
export function ArticleBody({ source, claims = [], lang }: { source: string; claims?: TClaimObject[]; lang?: string }) {
  const text = source.replace(/\r\n?/g, "\n");
  const spans: ClaimSpan[] = claims.flatMap((claim) => {
    const start = quoteOffset(text, claim);
    return start < 0 ? [] : [{ ordinal: claim.ordinal, start, end: start + claim.exact.length }];
  });
  if (!text.trim()) return <MarkdownView source={source} className="font-serif text-lg" testId="reader-body" lang={lang} />;
  return (
    <div
      lang={lang}
      className="max-w-none break-words text-ink font-serif text-lg"
      data-testid="reader-body"
      // React's own escaped markup of the sanitized Markdown tree, kept for long texts (lib/markdown/kept-renders.ts)
      dangerouslySetInnerHTML={{ __html: keptRender(text, JSON.stringify(spans), () => renderMarkdown(text, spans.length === 0 ? [] : [markClaims(text, spans)])) }}
    />
  );
}
