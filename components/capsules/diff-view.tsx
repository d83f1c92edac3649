import { revisionDiff, rowStats, type DiffRow, type DiffSide } from "@/lib/diff/revision-diff";

// Two bodies compared: side by side from md (768 px) up, stacked below it; the changed words of a
// changed line are marked within it. Long lines wrap; nothing is clipped or scrolls sideways.
// `context` folds runs of unchanged lines longer than twice that many (the vote page).
export function DiffView(props: { oldText: string; newText: string; oldLabel: string; newLabel: string; context?: number }) {
  const { oldText, newText, oldLabel, newLabel, context } = props;
  const rows = revisionDiff(oldText, newText);
  const stats = rowStats(rows);
  return (
    <div data-testid="diff">
      <p className="text-sm text-stone-600" data-testid="diff-stats">
        {oldLabel} → {newLabel}: {stats.added} line{stats.added === 1 ? "" : "s"} added, {stats.removed} removed, {stats.same} unchanged.
      </p>
      {stats.added === 0 && stats.removed === 0 ? (
        <p className="mt-2 text-sm text-stone-600">The bodies are identical.</p>
      ) : (
        <div className="mt-2 rounded-md border border-stone-200 font-mono text-xs" role="group" aria-label={`Differences from ${oldLabel} to ${newLabel}`}>
          <div aria-hidden="true" className="hidden border-b border-stone-200 bg-stone-50 font-sans font-semibold text-stone-600 md:grid md:grid-cols-2">
            <p className="px-2 py-1">{oldLabel}</p>
            <p className="border-l border-stone-200 px-2 py-1">{newLabel}</p>
          </div>
          <ol className="divide-y divide-stone-100">{foldUnchanged(rows, context).map((item, index) => (item.kind === "fold" ? <Fold key={index} count={item.count} /> : <Row key={index} row={item} />))}</ol>
        </div>
      )}
      <p className="mt-1 text-xs text-stone-500">
        <span className="rounded bg-red-200 px-1 text-red-950 line-through decoration-red-700">Removed words</span> and{" "}
        <span className="rounded bg-emerald-200 px-1 text-emerald-950">added words</span> are marked within changed lines.
      </p>
    </div>
  );
}

type Folded = DiffRow | { kind: "fold"; count: number };

function foldUnchanged(rows: DiffRow[], context: number | undefined): Folded[] {
  if (context === undefined) return rows;
  const out: Folded[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows[i]?.kind !== "same") {
      out.push(rows[i] as DiffRow);
      i += 1;
      continue;
    }
    let end = i;
    while (end < rows.length && rows[end]?.kind === "same") end += 1;
    const keepBefore = i === 0 ? 0 : context;
    const keepAfter = end === rows.length ? 0 : context;
    if (end - i > keepBefore + keepAfter + 1) {
      out.push(...rows.slice(i, i + keepBefore), { kind: "fold", count: end - i - keepBefore - keepAfter }, ...rows.slice(end - keepAfter, end));
    } else out.push(...rows.slice(i, end));
    i = end;
  }
  return out;
}

function Fold({ count }: { count: number }) {
  return <li className="bg-stone-50 px-2 py-0.5 font-sans text-stone-500">… {count} unchanged line{count === 1 ? "" : "s"}</li>;
}

function Row({ row }: { row: DiffRow }) {
  const old = "old" in row ? row.old : undefined;
  const next = "new" in row ? row.new : undefined;
  return (
    <li data-kind={row.kind} className="grid grid-cols-1 md:grid-cols-2">
      {row.kind === "same" ? (
        <>
          <Side side={old} tone="same" className="hidden md:flex" />
          <Side side={next} tone="same" className="md:border-l md:border-stone-200" />
        </>
      ) : (
        <>
          <Side side={old} tone="removed" className={old ? "" : "hidden md:flex"} />
          <Side side={next} tone="added" className={`md:border-l md:border-stone-200 ${next ? "" : "hidden md:flex"}`} />
        </>
      )}
    </li>
  );
}

const tones = {
  same: { box: "text-stone-700", mark: "", sign: " ", label: "unchanged" },
  removed: { box: "bg-red-50 text-red-950", mark: "rounded-sm bg-red-200 line-through decoration-red-700", sign: "−", label: "removed" },
  added: { box: "bg-emerald-50 text-emerald-950", mark: "rounded-sm bg-emerald-200 no-underline", sign: "+", label: "added" },
} as const;

function Side({ side, tone, className = "" }: { side: DiffSide | undefined; tone: keyof typeof tones; className?: string }) {
  const t = tones[tone];
  if (!side) return <div aria-hidden="true" className={`min-h-5 bg-stone-50 ${className}`} />;
  const Mark = tone === "removed" ? "del" : "ins";
  return (
    <div className={`flex min-w-0 gap-1 ${t.box} ${className}`} data-side={tone}>
      <span className="w-8 shrink-0 select-none border-r border-stone-200 px-1 text-right text-stone-400" aria-hidden="true">
        {side.line}
      </span>
      <span className="w-3 shrink-0 select-none text-center" aria-hidden="true">
        {t.sign}
      </span>
      <span className="sr-only">{tone === "same" ? `Line ${side.line}, unchanged:` : `Line ${side.line}, ${t.label}:`}</span>
      <span className="min-w-0 flex-1 whitespace-pre-wrap break-words py-0.5 pr-2 [overflow-wrap:anywhere]">
        {side.segments.length === 0 || side.segments.every((s) => s.text === "") ? " " : null}
        {side.segments.map((segment, index) =>
          segment.changed && tone !== "same" ? (
            <Mark key={index} className={t.mark}>
              {segment.text}
            </Mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </span>
    </div>
  );
}
