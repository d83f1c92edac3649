"use client";

import { useOutlets } from "@/components/outlets/use-outlets";

/**
 * The options of an "Outlet" filter: every outlet but the court's own, plus the selected slug
 * when it is not (yet) in the loaded list, so a filter taken from the address stays visible.
 */
export function OutletFilterOptions({ selected }: { selected: string }) {
  const outlets = useOutlets("all", 1, 100);
  const items = outlets.data?.items ?? [];
  return (
    <>
      <option value="">All outlets</option>
      {selected && !items.some((o) => o.outletSlug === selected) ? <option value={selected}>{selected}</option> : null}
      {items
        .filter((o) => o.outletSlug !== "capsule-court")
        .map((o) => (
          <option key={o.outletSlug} value={o.outletSlug}>
            {o.name} ({o.outletSlug})
          </option>
        ))}
    </>
  );
}
