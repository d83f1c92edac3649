import { z } from "zod";

// Bridge lists (docs/ARCHITECTURE.md, "Errors, limits and lists"): page from 1, limit default 20, at most 100.
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).meta({ description: "Page number, from 1" }),
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Items per page, 1..100" }),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.limit;
}

export function pageOf<T>(items: T[], query: PageQuery, total: number) {
  return { ok: true as const, items, page: query.page, limit: query.limit, total, hasMore: pageOffset(query) + items.length < total };
}
