"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getJson } from "@/lib/api/api-client";
import { signedPost } from "@/lib/auth/browser-session";
import { COURT_OUTLET_SLUG, ROLE } from "@/lib/outlets/role-catalog";
import {
  ZCapsuleCasesResponse,
  ZCaseListResponse,
  ZCaseResponse,
  ZDisputeResponse,
  ZLabelsResponse,
  ZVerdictResponse,
  type TDisputeBody,
  type TVerdictBody,
} from "@/lib/schemas/court";
import { capsuleKeys, useOutletRoles } from "./use-capsules";
import { distributionKeys } from "./use-distribution";
import { useSession } from "./use-session";

// Court cases, disputes, verdicts and label history through react-query (STYLE §8).

export type CaseStatusFilter = "all" | "open" | "closed";
export type CaseListFilter = { status: CaseStatusFilter; outlet: string; page: number; limit: number };

export const courtKeys = {
  all: ["court"] as const,
  lists: () => [...courtKeys.all, "list"] as const,
  list: (filter: CaseListFilter) => [...courtKeys.lists(), filter] as const,
  detail: (id: string) => [...courtKeys.all, "case", id] as const,
  capsuleCases: (capsuleId: string) => [...courtKeys.all, "capsule-cases", capsuleId] as const,
  labels: (capsuleId: string) => [...courtKeys.all, "labels", capsuleId] as const,
};

export function useCases(filter: CaseListFilter) {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(filter.limit) });
  if (filter.status !== "all") params.set("status", filter.status);
  if (filter.outlet) params.set("outlet", filter.outlet);
  return useQuery({
    queryKey: courtKeys.list(filter),
    queryFn: () => getJson(`/api/court/cases?${params}`, ZCaseListResponse),
    placeholderData: keepPreviousData,
  });
}

export const useCase = (id: string) =>
  useQuery({ queryKey: courtKeys.detail(id), queryFn: () => getJson(`/api/court/case/${encodeURIComponent(id)}`, ZCaseResponse) });

export const useCapsuleCases = (capsuleId: string) =>
  useQuery({
    queryKey: courtKeys.capsuleCases(capsuleId),
    queryFn: () => getJson(`/api/capsules/${encodeURIComponent(capsuleId)}/disputes?limit=100`, ZCapsuleCasesResponse),
  });

export const useLabelHistory = (capsuleId: string) =>
  useQuery({ queryKey: courtKeys.labels(capsuleId), queryFn: () => getJson(`/api/capsules/${encodeURIComponent(capsuleId)}/labels`, ZLabelsResponse) });

/** Whether the signed-in wallet holds the Court clerk role (4) at the reserved court outlet. */
export function useIsCourtClerk(): { isClerk: boolean; loading: boolean } {
  const { wallet } = useSession();
  const roles = useOutletRoles(wallet, wallet ? COURT_OUTLET_SLUG : undefined);
  const isClerk = Boolean(roles.data?.roles.some((role) => role.roleId === ROLE.COURT_CLERK && role.revokedAt === null));
  return { isClerk, loading: Boolean(wallet) && roles.isPending };
}

/** What the bridge answers after a dispute or verdict changes a capsule's label: refresh everything that shows it. */
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

export type DisputeInput = { grounds: string; claim?: string; evidenceId?: string; requestedLabel?: TDisputeBody["requestedLabel"] };

export function useOpenDispute(capsuleId: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const changed = useLabelChanged();
  return useMutation({
    mutationFn: (body: DisputeInput) => signedPost(session, "capsules.dispute", `/api/capsules/${encodeURIComponent(capsuleId)}/dispute`, body, ZDisputeResponse),
    onSuccess: (answer) => {
      queryClient.setQueryData(courtKeys.detail(answer.case.caseId), answer);
      changed(capsuleId, answer.case.caseId);
    },
  });
}

export function useRecordVerdict(caseId: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const changed = useLabelChanged();
  return useMutation({
    mutationFn: (body: TVerdictBody) => signedPost(session, "court.verdict", `/api/court/case/${encodeURIComponent(caseId)}/verdict`, body, ZVerdictResponse),
    onSuccess: (answer) => {
      queryClient.setQueryData(courtKeys.detail(caseId), answer);
      changed(answer.case.capsuleId, caseId);
    },
  });
}
