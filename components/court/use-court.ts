"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { signedPost } from "@/lib/api/browser-session";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { capsuleDisputes } from "@/features/court/capsule-disputes.endpoint";
import { capsuleLabels } from "@/features/court/capsule-labels.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { courtCases } from "@/features/court/cases.endpoint";
import type { TDisputeBody, TListCasesQuery } from "@/features/court/court.schema";
import { capsuleKeys } from "@/components/capsules/use-capsules";
import { distributionKeys } from "@/components/distribution/use-distribution";
import { useSession } from "@/components/wallet/use-session";

// Court cases, disputes and label history through react-query.

export type CaseStatusFilter = "all" | "open" | "closed";
export type CasePeriodFilter = "" | TListCasesQuery["period"] & string;
export type CaseOutcomeFilter = "" | TListCasesQuery["outcome"] & string;
export type CaseListFilter = { status: CaseStatusFilter; outlet: string; page: number; limit: number; period?: CasePeriodFilter; outcome?: CaseOutcomeFilter; juror?: string };

export const courtKeys = {
  all: ["court"] as const,
  lists: () => [...courtKeys.all, "list"] as const,
  list: (filter: CaseListFilter) => [...courtKeys.lists(), filter] as const,
  detail: (id: string) => [...courtKeys.all, "case", id] as const,
  capsuleCases: (capsuleId: string) => [...courtKeys.all, "capsule-cases", capsuleId] as const,
  labels: (capsuleId: string) => [...courtKeys.all, "labels", capsuleId] as const,
};

export function useCases(filter: CaseListFilter) {
  const query = {
    page: filter.page,
    limit: filter.limit,
    status: filter.status === "all" ? undefined : filter.status,
    outlet: filter.outlet || undefined,
    period: filter.period || undefined,
    outcome: filter.outcome || undefined,
    juror: filter.juror || undefined,
  };
  return useQuery({
    queryKey: courtKeys.list(filter),
    queryFn: () => call(courtCases, { query }),
    placeholderData: keepPreviousData,
    enabled: filter.juror !== "",
  });
}

export const useCase = (id: string) =>
  useQuery({ queryKey: courtKeys.detail(id), queryFn: () => call(courtCase, { params: { id } }) });

export const useCapsuleCases = (capsuleId: string) =>
  useQuery({
    queryKey: courtKeys.capsuleCases(capsuleId),
    queryFn: () => call(capsuleDisputes, { params: { id: capsuleId }, query: { limit: 100 } }),
  });

export const useLabelHistory = (capsuleId: string) =>
  useQuery({ queryKey: courtKeys.labels(capsuleId), queryFn: () => call(capsuleLabels, { params: { id: capsuleId } }) });

/** What the bridge answers after a dispute changes a capsule's label: refresh everything that shows it. */
function useLabelChanged() {
  const queryClient = useQueryClient();
  return (capsuleId: string, caseId: string) => {
    void queryClient.invalidateQueries({ queryKey: courtKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: courtKeys.capsuleCases(capsuleId) });
    void queryClient.invalidateQueries({ queryKey: courtKeys.labels(capsuleId) });
    void queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(capsuleId) });
    void queryClient.invalidateQueries({ queryKey: distributionKeys.all });
    void queryClient.invalidateQueries({ queryKey: courtKeys.detail(caseId) });
  };
}

export type DisputeInput = { grounds: string; claim?: string; evidenceId?: string; requestedLabel?: TDisputeBody["requestedLabel"]; claimIds?: string[] };

export function useOpenDispute(capsuleId: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const changed = useLabelChanged();
  return useMutation({
    mutationFn: (body: DisputeInput & { openTxHash: string }) => signedPost(session, capsuleDispute, { params: { id: capsuleId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(courtKeys.detail(answer.case.caseId), answer);
      changed(capsuleId, answer.case.caseId);
    },
  });
}
