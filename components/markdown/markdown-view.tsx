import { renderMarkdown } from "@/lib/markdown/render-markdown";

// Article bodies and previews: the safe renderer's React elements (escaped text, http(s) links only).
export function MarkdownView({ source, className = "", testId }: { source: string; className?: string; testId?: string }) {
  return (
    <div className={`max-w-none break-words text-ink ${className}`} data-testid={testId}>
      {source.trim() ? renderMarkdown(source) : <p className="text-stone-500">Nothing to show yet.</p>}
    </div>
  );
}
