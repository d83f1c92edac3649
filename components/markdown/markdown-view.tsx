import { renderMarkdown } from "@/lib/markdown/render-markdown";

// Article bodies and previews: the sanitized CommonMark + GFM renderer (lib/markdown); no hooks, so
// it renders in server components too.
export function MarkdownView({ source, className = "", testId, lang }: { source: string; className?: string; testId?: string; lang?: string }) {
  return (
    <div lang={lang} className={`max-w-none break-words text-ink ${className}`} data-testid={testId}>
      {source.trim() ? renderMarkdown(source) : <p className="text-stone-500">Nothing to show yet.</p>}
    </div>
  );
}
