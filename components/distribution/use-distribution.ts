"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { distributionList } from "@/features/distribution/list.endpoint";

// GET /api/distribution: every active outlet's tier report (docs/DECISIONS.md).

export const distributionKeys = {
  all: ["distribution"] as const,
  page: (page: number, limit: number) => [...distributionKeys.all, { page, limit }] as const,
  outlet: (slug: string) => [...distributionKeys.all, { outlet: slug }] as const,
};

/** One active outlet's report (empty items while the outlet is not active). */
export const useOutletDistribution = (slug: string) =>
  useQuery({ queryKey: distributionKeys.outlet(slug), queryFn: () => call(distributionList, { query: { page: 1, limit: 1, outlet: slug } }) });

export const useDistribution = (page: number, limit: number) =>
  useQuery({
    queryKey: distributionKeys.page(page, limit),
    queryFn: () => call(distributionList, { query: { page, limit } }),
    placeholderData: keepPreviousData,
  });
