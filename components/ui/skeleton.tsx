export function Skeleton({ className = "" }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block animate-pulse rounded bg-stone-200 ${className}`} />;
}

/**
 * A placeholder that says what is being read: a screen reader hears `label`, and the region is busy until the answer
 * replaces it (what the browser tests wait for). `bars`: the grey shapes shown, one per class list, stacked `gap` apart.
 * Only for a read that is under way, never one that cannot start.
 */
export function Loading({ label, bars = ["block h-16 w-full"], gap = "space-y-2", inline = false }: { label: string; bars?: string[]; gap?: string; inline?: boolean }) {
  if (inline) {
    return (
      <span role="status" aria-busy="true" aria-label={label} className="inline-block">
        {bars.map((bar, i) => (
          <Skeleton key={i} className={bar} />
        ))}
      </span>
    );
  }
  return (
    <div role="status" aria-busy="true" aria-label={label} className={bars.length > 1 ? gap : undefined}>
      {bars.map((bar, i) => (
        <Skeleton key={i} className={bar} />
      ))}
    </div>
  );
}
