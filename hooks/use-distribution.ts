"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api/api-client";
import { ZDistributionResponse } from "@/lib/schemas/distribution";

// GET /api/distribution: every active outlet's tier report (docs/DECISIONS.md).

export const distributionKeys = {
  all: ["distribution"] as const,
  page: (page: number, limit: number) => [...distributionKeys.all, { page, limit }] as const,
};

export const useDistribution = (page: number, limit: number) =>
  useQuery({
    queryKey: distributionKeys.page(page, limit),
    queryFn: () => getJson(`/api/distribution?page=${page}&limit=${limit}`, ZDistributionResponse),
    placeholderData: keepPreviousData,
  });
