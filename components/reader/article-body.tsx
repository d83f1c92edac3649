import "server-only";
import { MarkdownView } from "@/components/markdown/markdown-view";

// The article text, rendered to HTML on the server only: the Markdown parser (micromark and its
// extensions) never reaches the reader's browser. `server-only` fails the build if a client
// component ever imports this.
export function ArticleBody({ source }: { source: string }) {
  return <MarkdownView source={source} className="font-serif text-lg" testId="reader-body" />;
}
