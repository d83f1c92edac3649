"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { z } from "zod";
import { getJson } from "@/lib/api/api-client";
import { signedPost } from "@/lib/auth/browser-session";
import { chainNow } from "@/lib/capsules/countdown";
import {
  ZCapsuleListResponse,
  ZCapsuleResponse,
  ZHistoryResponse,
  ZSubmitResponse,
  ZSupportingAddResponse,
  ZSupportingListResponse,
  ZVoteResponse,
  type TAddHistoryBody,
  type TAddSupportingBody,
  type TCapsuleResponse,
} from "@/lib/schemas/capsules";
import { ZWalletOutletRolesResponse, ZWalletRolesResponse } from "@/lib/schemas/roles";
import { useNetworkStatus } from "./use-system";
import { useSession } from "./use-session";

// Capsules through react-query only (STYLE §8): one key factory, queries parsed with the bridge's
// own response schemas, mutations that invalidate what they change.

export type CapsuleStatusFilter = "all" | "draft" | "pending" | "accepted" | "rejected" | "finalized" | "superseded";
export type CapsuleListFilter = { outlet?: string; status: CapsuleStatusFilter; page: number; limit: number };

export const capsuleKeys = {
  all: ["capsules"] as const,
  lists: () => [...capsuleKeys.all, "list"] as const,
  list: (filter: CapsuleListFilter) => [...capsuleKeys.lists(), filter] as const,
  detail: (id: string) => [...capsuleKeys.all, "detail", id] as const,
  history: (id: string) => [...capsuleKeys.all, "history", id] as const,
  supporting: (id: string) => [...capsuleKeys.all, "supporting", id] as const,
  votes: (id: string) => [...capsuleKeys.all, "votes", id] as const,
  walletRoles: (wallet: string) => ["wallet-roles", wallet.toLowerCase()] as const,
  outletRoles: (wallet: string, slug: string) => ["wallet-roles", wallet.toLowerCase(), slug] as const,
};

const capsulePath = (id: string) => `/api/capsules/${encodeURIComponent(id)}`;

export function useCapsuleList(filter: CapsuleListFilter, enabled = true) {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(filter.limit) });
  if (filter.outlet) params.set("outlet", filter.outlet);
  if (filter.status !== "all") params.set("status", filter.status);
  return useQuery({
    queryKey: capsuleKeys.list(filter),
    queryFn: () => getJson(`/api/capsules?${params}`, ZCapsuleListResponse),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The capsule read response. `poll` re-reads it every N ms; `pollWhilePending` only while its vote is
 * open (a safety net for missed VoteCast events, and how a page learns the vote was closed elsewhere).
 */
export function useCapsule(id: string | undefined, options: { poll?: number | false; pollWhilePending?: number } = {}) {
  const { poll = false, pollWhilePending } = options;
  return useQuery({
    queryKey: capsuleKeys.detail(id ?? ""),
    queryFn: () => getJson(capsulePath(id ?? ""), ZCapsuleResponse),
    enabled: Boolean(id),
    refetchInterval: (query) => (pollWhilePending && query.state.data?.capsule.status === "pending" ? pollWhilePending : poll),
  });
}

export const useCapsuleHistory = (id: string) =>
  useQuery({ queryKey: capsuleKeys.history(id), queryFn: () => getJson(`${capsulePath(id)}/history`, ZHistoryResponse) });

export const useSupporting = (id: string | undefined) =>
  useQuery({
    queryKey: capsuleKeys.supporting(id ?? ""),
    queryFn: () => getJson(`${capsulePath(id ?? "")}/supporting?limit=100`, ZSupportingListResponse),
    enabled: Boolean(id),
  });

export const useWalletRoles = (wallet: string | undefined) =>
  useQuery({
    queryKey: capsuleKeys.walletRoles(wallet ?? ""),
    queryFn: () => getJson(`/api/wallet/${wallet}/roles?limit=100`, ZWalletRolesResponse),
    enabled: Boolean(wallet),
  });

export const useOutletRoles = (wallet: string | undefined, slug: string | undefined) =>
  useQuery({
    queryKey: capsuleKeys.outletRoles(wallet ?? "", slug ?? ""),
    queryFn: () => getJson(`/api/roles/${wallet}/${encodeURIComponent(slug ?? "")}`, ZWalletOutletRolesResponse),
    enabled: Boolean(wallet && slug),
  });

/** The chain's clock (latest block time, advanced locally every second), for countdowns and "is the window closed". */
export function useChainClock(): number {
  const status = useNetworkStatus();
  const blockTimestamp = status.data?.node.blockTimestamp ? Number(status.data.node.blockTimestamp) : undefined;
  const observedAt = status.dataUpdatedAt;
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return chainNow(blockTimestamp, observedAt || nowMs, nowMs);
}

// ---- writes ----

export type DraftPayload = Record<string, unknown>;

export function useCreateCapsule() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: DraftPayload) => signedPost(session, "capsules.create", "/api/capsules/create", payload, ZCapsuleResponse),
    onSuccess: (created) => {
      queryClient.setQueryData(capsuleKeys.detail(created.capsuleId), created);
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.lists() });
    },
  });
}

export function useUpdateCapsule() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: DraftPayload) => signedPost(session, "capsules.update", "/api/capsules/update", payload, ZCapsuleResponse),
    onSuccess: (updated) => {
      queryClient.setQueryData(capsuleKeys.detail(updated.capsuleId), updated);
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.lists() });
    },
  });
}

export function useAddSupporting(id: string | undefined) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { supportingCapsuleId: string; relationshipType: TAddSupportingBody["relationshipType"] }) =>
      signedPost(session, "capsules.supporting.add", `${capsulePath(id ?? "")}/supporting`, body, ZSupportingAddResponse),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: capsuleKeys.supporting(id ?? "") }),
  });
}

/** Asks the bridge to authorize the submission: a voucher the wallet then sends with the fee. */
export function useRequestSubmission(id: string) {
  const { session } = useSession();
  return useMutation({ mutationFn: () => signedPost(session, "capsules.submit", `${capsulePath(id)}/submit`, {}, ZSubmitResponse) });
}

export function useRelayVote(id: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ballot: { support: boolean; deadline: string; signature: string }) =>
      signedPost(session, "capsules.vote", `${capsulePath(id)}/vote`, ballot, ZVoteResponse),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.votes(id) });
    },
  });
}

const ZLooseCapsuleAnswer = z.looseObject({ ok: z.literal(true) });

export function useCloseVote(id: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signedPost(session, "capsules.accept", `${capsulePath(id)}/accept`, { capsuleId: id }, ZLooseCapsuleAnswer),
    onSuccess: async (answer) => {
      const parsed = ZCapsuleResponse.safeParse(answer);
      if (parsed.success) queryClient.setQueryData(capsuleKeys.detail(id), parsed.data);
      await queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.history(id) });
    },
  });
}

const ZNewRevisionAnswer = z.looseObject({ ok: z.literal(true), capsuleId: z.string() });

/** Starts a correction (or retraction) draft from the current version; answers the new capsule's id. */
export function useStartRevision(id: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddHistoryBody) => signedPost(session, "capsules.history.add", `${capsulePath(id)}/history`, body, ZNewRevisionAnswer),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.history(id) });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.lists() });
    },
  });
}

export type CapsuleRead = TCapsuleResponse;
