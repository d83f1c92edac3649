import { z } from "zod";
import { MAX_WHOLE, zDecimalWhole } from "./whole-number";

// One sentence per parameter, whatever was wrong with it (zod's own says "expected number, received NaN").
// Plain decimal digits only, as every whole number in a path or query (lib/schemas/whole-number.ts).
const PAGE_WORDS = `must be a whole number from 1 to ${MAX_WHOLE} in plain decimal digits`;
const LIMIT_WORDS = "must be a whole number from 1 to 100 in plain decimal digits";

// Bridge lists (docs/ARCHITECTURE.md, "Errors, limits and lists"): page from 1, limit default 20, at most 100.

export const pageQuery = z.object({
  page: zDecimalWhole({ min: 1, max: MAX_WHOLE, words: PAGE_WORDS }).default(1).meta({ description: "Page number, from 1" }),
  limit: zDecimalWhole({ min: 1, max: 100, words: LIMIT_WORDS }).default(20).meta({ description: "Items per page, 1..100" }),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.limit;
}

export function pageOf<T>(items: T[], query: PageQuery, total: number) {
  return { ok: true as const, items, page: query.page, limit: query.limit, total, hasMore: pageOffset(query) + items.length < total };
}
