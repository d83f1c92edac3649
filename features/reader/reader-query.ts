import { z } from "zod";
import { integrityLabelKeys } from "@/features/capsules/integrity-labels";
import { ZSlug } from "@/features/outlets/outlets.schema";
import { decimalWhole } from "@/lib/schemas/whole-number";

// The front page's and outlet page's address query, parsed leniently: a bad value is dropped, never an error page.
// A page is plain decimal digits like every whole number in an address ("1e3" or "+2" is no page).
const MAX_READER_PAGE = 10_000;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export type ReaderQuery = { page: number; label?: (typeof integrityLabelKeys)[number]; outlet?: string };

export function readerQuery(params: Record<string, string | string[] | undefined>): ReaderQuery {
  const page = decimalWhole(first(params.page) ?? "", 1, MAX_READER_PAGE);
  const label = z.enum(integrityLabelKeys).safeParse(first(params.label));
  const outlet = ZSlug.safeParse(first(params.outlet));
  return { page: page ?? 1, label: label.success ? label.data : undefined, outlet: outlet.success ? outlet.data : undefined };
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
