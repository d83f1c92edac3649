import type { WordChange } from "@/lib/diff/word-diff";

// The newer text with the words that changed marked in place: removed words struck through, added
// ones underlined on a tint, and each said in words for screen readers (colour is never the only signal).
export function WordDiffView({ changes, testId }: { changes: WordChange[]; testId?: string }) {
  return (
    <div className="whitespace-pre-line break-words rounded-md border border-stone-200 bg-white p-3 font-serif leading-relaxed" data-testid={testId}>
      {changes.map((change, i) =>
        change.kind === "same" ? (
          <span key={i}>{change.text}</span>
        ) : change.kind === "removed" ? (
          <del key={i} className="mr-0.5 bg-red-50 text-red-900 decoration-red-700" data-testid="diff-removed">
            <span className="sr-only">[removed: </span>
            {change.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <ins key={i} className="bg-emerald-50 text-emerald-950 underline decoration-emerald-700 decoration-2" data-testid="diff-added">
            <span className="sr-only">[added: </span>
            {change.text}
            <span className="sr-only">]</span>
          </ins>
        ),
      )}
    </div>
  );
}

export const changeCount = (added: number, removed: number): string => {
  const words = (n: number) => `${n.toLocaleString("en-GB")} word${n === 1 ? "" : "s"}`;
  if (added === 0 && removed === 0) return "no change to the text";
  return [added > 0 ? `${words(added)} added` : "", removed > 0 ? `${words(removed)} removed` : ""].filter(Boolean).join(", ");
};
