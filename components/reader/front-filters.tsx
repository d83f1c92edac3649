"use client";

import Form from "next/form";
import Link from "next/link";
import type { ChangeEvent } from "react";
import { integrityLabelKeys, integrityLabels } from "@/features/capsules/integrity-labels";

/**
 * The front page's label and outlet filters. A choice applies at once, as the court list's filters
 * do: the form is submitted on change, and next/form turns that GET into a client navigation to the
 * filtered address (the address is the filter; Back returns to the previous one). Without scripts the
 * same form works with its Filter button, which only those browsers show (docs/DECISIONS.md).
 */
export function FrontFilters({ label, outlet, outlets }: { label?: string; outlet?: string; outlets: ReadonlyArray<{ slug: string; name: string }> }) {
  const apply = (event: ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  return (
    <Form action="/" className="grid grid-cols-2 items-end gap-3 rounded-md border border-stone-200 bg-white p-3 text-sm sm:flex sm:flex-wrap" aria-label="Filter articles" data-testid="front-filters">
      <label className="flex min-w-0 flex-col gap-1">
        <span className="text-stone-600">Label</span>
        <select name="label" defaultValue={label ?? ""} onChange={apply} className="min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 sm:w-auto">
          <option value="">All labels</option>
          {integrityLabelKeys.map((key) => (
            <option key={key} value={key}>
              {integrityLabels[key].title}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 max-w-full flex-col gap-1">
        <span className="text-stone-600">Outlet</span>
        <select name="outlet" defaultValue={outlet ?? ""} onChange={apply} className="min-h-11 w-full max-w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 sm:w-auto">
          <option value="">All outlets</option>
          {outlets.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="min-h-11 rounded-md bg-ink px-4 py-1.5 font-semibold text-white hover:bg-stone-800">
          Filter
        </button>
      </noscript>
      {label || outlet ? (
        <Link href="/" className="col-span-2 inline-flex min-h-11 items-center text-accent underline">
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}
