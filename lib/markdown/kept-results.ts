// Results of costly work on text that never changes under its key (published bodies, their excerpts and diffs),
// kept in memory: by count (keptResults) or by a byte budget (keptWithinBudget), the least recently asked for
// going first. Apart from kept-renders.ts, which renders to HTML with react-dom/server (for the article page only),
// so that listings built in server components can keep their excerpts too.

/**
 * What `make()` answered for a key, the most recently asked for within `budgetBytes` (each entry's size as
 * `sizeOf` tells, its key included): for work on published text, which never changes under its key, so nothing
 * kept is ever stale. A result larger than the whole budget is answered and not kept.
 */
export function keptWithinBudget<T>(budgetBytes: number, sizeOf: (key: string, value: T) => number): ((key: string, make: () => T) => T) & { keptBytes: () => number; keptCount: () => number } {
  const kept = new Map<string, { value: T; bytes: number }>();
  let total = 0;
  const lookup = (key: string, make: () => T): T => {
    const found = kept.get(key);
    if (found !== undefined) {
      // the most recently asked for goes last, so a popular text stays while others come and go
      kept.delete(key);
      kept.set(key, found);
      return found.value;
    }
    const value = make();
    const bytes = sizeOf(key, value);
    if (bytes > budgetBytes) return value;
    for (const [oldest, entry] of kept) {
      if (total + bytes <= budgetBytes) break;
      kept.delete(oldest);
      total -= entry.bytes;
    }
    kept.set(key, { value, bytes });
    total += bytes;
    return value;
  };
  return Object.assign(lookup, { keptBytes: () => total, keptCount: () => kept.size });
}

/** What `make()` answered for a key, the `size` most recently asked for (small results: excerpts, diffs). */
export function keptResults<T>(size: number): (key: string, make: () => T) => T {
  return keptWithinBudget<T>(size, () => 1);
}
