export function Skeleton({ className = "" }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block animate-pulse rounded bg-stone-200 ${className}`} />;
}

/**
 * A placeholder that says what is being read: a screen reader hears `label`, and the region is busy until the answer
 * replaces it (what the browser tests wait for). Only for a read that is under way, never one that cannot start.
 */
export function Loading({ label, className = "block h-16 w-full", inline = false }: { label: string; className?: string; inline?: boolean }) {
  const Region = inline ? "span" : "div";
  return (
    <Region role="status" aria-busy="true" aria-label={label} className={inline ? "inline-block" : undefined}>
      <Skeleton className={className} />
    </Region>
  );
}
