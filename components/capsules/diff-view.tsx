import { diffStats, lineDiff } from "@/lib/diff/line-diff";

// A line diff of two bodies: removed lines in red with "−", added in green with "+", both numbered.
export function DiffView({ oldText, newText, oldLabel, newLabel }: { oldText: string; newText: string; oldLabel: string; newLabel: string }) {
  const lines = lineDiff(oldText, newText);
  const stats = diffStats(lines);
  return (
    <div data-testid="diff">
      <p className="text-sm text-stone-600" data-testid="diff-stats">
        {oldLabel} → {newLabel}: {stats.added} line{stats.added === 1 ? "" : "s"} added, {stats.removed} removed, {stats.same} unchanged.
      </p>
      {stats.added === 0 && stats.removed === 0 ? (
        <p className="mt-2 text-sm text-stone-600">The bodies are identical.</p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-md border border-stone-200">
          <table className="w-full border-collapse font-mono text-xs">
            <caption className="sr-only">
              Line differences from {oldLabel} to {newLabel}
            </caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Old line</th>
                <th scope="col">New line</th>
                <th scope="col">Change</th>
                <th scope="col">Text</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => {
                const tone = line.kind === "added" ? "bg-emerald-50 text-emerald-950" : line.kind === "removed" ? "bg-red-50 text-red-950" : "text-stone-700";
                return (
                  <tr key={index} className={tone} data-kind={line.kind}>
                    <td className="w-10 select-none border-r border-stone-200 px-2 text-right text-stone-400">{"oldLine" in line ? line.oldLine : ""}</td>
                    <td className="w-10 select-none border-r border-stone-200 px-2 text-right text-stone-400">{"newLine" in line ? line.newLine : ""}</td>
                    <td className="w-6 select-none px-1 text-center" aria-label={line.kind === "same" ? "unchanged" : line.kind}>
                      {line.kind === "added" ? "+" : line.kind === "removed" ? "−" : ""}
                    </td>
                    <td className="whitespace-pre-wrap break-words px-2 py-0.5">{line.text || " "}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
