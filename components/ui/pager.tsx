// Previous / Next for the bridge's page answers ({ page, limit, total, hasMore }).

const pagerButton =
  "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";

export function Pager(props: { label: string; page: number; limit: number; total: number; hasMore: boolean; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.total / props.limit));
  return (
    <nav aria-label={props.label} className="flex items-center justify-between gap-3 border-t border-stone-100 p-3">
      <button type="button" className={pagerButton} disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        ← Previous
      </button>
      <span className="text-sm text-stone-600">
        Page {props.page} of {pages}
      </span>
      <button type="button" className={pagerButton} disabled={!props.hasMore} onClick={() => props.onPage(props.page + 1)}>
        Next →
      </button>
    </nav>
  );
}
