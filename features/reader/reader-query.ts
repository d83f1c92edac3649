import { z } from "zod";
import { integrityLabelKeys } from "@/features/capsules/integrity-labels";
import { ZSlug } from "@/features/outlets/outlets.schema";

// The front page's and outlet page's address query, parsed leniently: a bad value is dropped, never an error page.
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export type ReaderQuery = { page: number; label?: (typeof integrityLabelKeys)[number]; outlet?: string };

export function readerQuery(params: Record<string, string | string[] | undefined>): ReaderQuery {
  const page = z.coerce.number().int().min(1).max(10_000).safeParse(first(params.page));
  const label = z.enum(integrityLabelKeys).safeParse(first(params.label));
  const outlet = ZSlug.safeParse(first(params.outlet));
  return { page: page.success ? page.data : 1, label: label.success ? label.data : undefined, outlet: outlet.success ? outlet.data : undefined };
}

/** The address of a filtered page (empty values left out). */
export function readerHref(path: string, query: ReaderQuery): string {
  const search = new URLSearchParams();
  if (query.label) search.set("label", query.label);
  if (query.outlet) search.set("outlet", query.outlet);
  if (query.page > 1) search.set("page", String(query.page));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
