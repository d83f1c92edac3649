import { MarkdownView } from "@/components/markdown/markdown-view";

// The article text, rendered to HTML on the server: the article page (pages/read/[id].tsx) ships no
// page bundle, so the Markdown parser (micromark and its extensions) never reaches a reader's browser.
export function ArticleBody({ source }: { source: string }) {
  return <MarkdownView source={source} className="font-serif text-lg" testId="reader-body" />;
}
