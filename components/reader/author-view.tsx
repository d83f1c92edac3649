import Link from "next/link";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import type { AuthorArticle, AuthorRecord } from "@/features/reader/author-record";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { unnamedAuthorWords } from "@/features/capsules/credit-name";
import { LocalTime } from "./local-time";
import { FoldedSummary } from "@/components/ui/folded-summary";

/**
 * The author's name; without one, what the bylines of the articles it submitted say ("A journalist at …"), so a
 * reader who follows "a journalist at The Post" lands on a page that says the same; else its short wallet address.
 */
export const authorName = (author: Pick<AuthorRecord, "displayName" | "wallet" | "creditedAs">) =>
  author.displayName ?? unnamedAuthorWords(author.creditedAs) ?? `Wallet ${shortAddress(author.wallet)}`;

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
/** How often an article was corrected, as said aloud: "once", "twice", "3 times". */
export const timesWords = (n: number): string => (n === 1 ? "once" : n === 2 ? "twice" : `${n.toLocaleString("en-GB")} times`);

// A contributor's page: name, record in words, and their published articles with labels.
export function AuthorView({ author }: { author: AuthorRecord }) {
  const { record } = author;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <p className="text-sm uppercase tracking-wide text-stone-500">Contributor</p>
        <h1 className="font-serif text-3xl font-bold tracking-tight break-words">
          <bdi>{authorName(author)}</bdi>
        </h1>
        <p className="text-stone-700" data-testid="author-record">
          {count(record.published, "published article", "published articles")} · {count(record.corrected, "corrected", "corrected")} ·{" "}
          {count(record.retracted, "retracted", "retracted")} · {count(record.courtFindings, "found misleading or fraudulent by the court", "found misleading or fraudulent by the court")}
        </p>
        <details className="text-sm text-stone-600">
          <FoldedSummary>Wallet address</FoldedSummary>
          <p className="break-all font-mono text-xs" data-testid="author-wallet">
            {displayAddress(author.wallet)}
          </p>
        </details>
      </header>
      {author.articles.length > 0 ? <ArticleList articles={author.articles} testId="author-articles" /> : null}
      {author.creditedByOthers.length > 0 ? (
        <section className="space-y-2" aria-labelledby="credited-by-others" data-testid="credited-by-others">
          <h2 id="credited-by-others" className="font-serif text-xl font-bold">
            Credited by others
          </h2>
          <p className="text-sm text-stone-600">Other people submitted these articles and named this wallet as a contributor. This wallet did not sign them, so they are not part of the record above.</p>
          <ArticleList articles={author.creditedByOthers} testId="credited-by-others-articles" />
        </section>
      ) : null}
    </div>
  );
}

function ArticleList({ articles, testId }: { articles: AuthorArticle[]; testId: string }) {
  return (
    <ol className="divide-y divide-stone-200" data-testid={testId}>
      {articles.map((article) => {
        const label = integrityLabelInfo(article.integrityLabel);
        return (
          <li key={article.capsuleId} className="py-4" data-testid="author-article">
            <p className="text-xs uppercase tracking-wide text-stone-500 [overflow-wrap:anywhere]" data-testid="list-outlet-line">
              <Link href={`/outlets/${article.outletSlug}`} prefetch={false} className="hover:underline">
                <bdi>{article.outletName}</bdi>
              </Link>
              {" · "}
              <LocalTime unixSeconds={article.finalizedAt} />
            </p>
            <h2 className="mt-1 font-serif text-xl font-bold leading-snug break-words">
              <Link href={`/read/${article.capsuleId}`} prefetch={false} className="block min-h-11 py-1 hover:underline">
                {article.title}
              </Link>
            </h2>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className={`inline-flex items-center rounded border px-2 py-0.5 text-xs font-semibold ${label.className}`} data-testid="author-article-label" data-label={label.key}>
                <span aria-hidden="true" className="mr-1">
                  {label.symbol}
                </span>
                {label.title}
              </span>
              {article.revisionNumber > 0 ? (
                <Link href={`/read/${article.capsuleId}/history`} prefetch={false} className="text-accent underline">
                  {article.capsuleType === "retraction" ? "Retracted" : `Corrected ${timesWords(article.revisionNumber)}`} — see what changed
                </Link>
              ) : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
