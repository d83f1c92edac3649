"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call } from "@/lib/api/client";
import { signedPost, type BrowserSession } from "@/lib/api/browser-session";
import { sessionKeySigner } from "@/lib/api/signers";
import { chainNow } from "@/lib/capsules/countdown";
import type { CreateDraftInput, UpdateDraftInput } from "@/lib/forms/draft-form";
import { capsuleAccept } from "@/lib/endpoints/capsules/accept";
import { capsuleCreate } from "@/lib/endpoints/capsules/create";
import { capsuleEvidenceAdd } from "@/lib/endpoints/capsules/evidence-add";
import type { z } from "zod";
import type { ZAddEvidenceBody } from "@/lib/schemas/capsules";
import { capsuleHistory } from "@/lib/endpoints/capsules/history";
import { capsuleHistoryAdd } from "@/lib/endpoints/capsules/history-add";
import { capsuleList } from "@/lib/endpoints/capsules/list";
import { capsuleRead } from "@/lib/endpoints/capsules/read";
import { capsuleReject } from "@/lib/endpoints/capsules/reject";
import { capsuleSubmit } from "@/lib/endpoints/capsules/submit";
import { capsuleSupporting } from "@/lib/endpoints/capsules/supporting";
import { capsuleSupportingAdd } from "@/lib/endpoints/capsules/supporting-add";
import { capsuleUpdate } from "@/lib/endpoints/capsules/update";
import { capsuleVote } from "@/lib/endpoints/capsules/vote";
import { walletRolesAtOutlet } from "@/lib/endpoints/roles/wallet-at-outlet";
import { walletRoles } from "@/lib/endpoints/wallet/roles";
import type { TAddHistoryBody, TAddSupportingBody, TCapsuleResponse } from "@/lib/schemas/capsules";
import { useLive } from "@/components/live/live-provider";
import { useNetworkStatus } from "./use-system";
import { useSession } from "./use-session";

// Capsules through react-query only: one key factory, queries parsed with the bridge's
// own response schemas, mutations that invalidate what they change.

export type CapsuleStatusFilter = "all" | "draft" | "pending" | "accepted" | "rejected" | "finalized" | "superseded";
export type CapsuleListFilter = { outlet?: string; status: CapsuleStatusFilter; page: number; limit: number };

export const capsuleKeys = {
  all: ["capsules"] as const,
  lists: () => [...capsuleKeys.all, "list"] as const,
  list: (filter: CapsuleListFilter) => [...capsuleKeys.lists(), filter] as const,
  detail: (id: string) => [...capsuleKeys.all, "detail", id] as const,
  /** The detail as this session reads it (a signed read can show a draft; an anonymous one cannot). */
  detailFor: (id: string, session: BrowserSession | undefined) => (session ? [...capsuleKeys.detail(id), session.sessionId] : capsuleKeys.detail(id)),
  history: (id: string) => [...capsuleKeys.all, "history", id] as const,
  supporting: (id: string) => [...capsuleKeys.all, "supporting", id] as const,
  votes: (id: string) => [...capsuleKeys.all, "votes", id] as const,
  walletRoles: (wallet: string) => ["wallet-roles", wallet.toLowerCase()] as const,
  outletRoles: (wallet: string, slug: string) => ["wallet-roles", wallet.toLowerCase(), slug] as const,
};

/** Reads that can show drafts are signed with the session key when signed in (drafts are private). */
const readerOf = (session: BrowserSession | undefined) => (session ? { signer: sessionKeySigner(session) } : {});

/** One page of the capsule list (also for pages that read several filters at once with useQueries). */
export function capsuleListQuery(filter: CapsuleListFilter, session?: BrowserSession) {
  const query = { page: filter.page, limit: filter.limit, outlet: filter.outlet || undefined, status: filter.status === "all" ? undefined : filter.status };
  return { queryKey: [...capsuleKeys.list(filter), session?.sessionId ?? "anonymous"], queryFn: () => call(capsuleList, { query }, readerOf(session)) };
}

/** One capsule's read response (also for pages that read several capsules with useQueries). */
export const capsuleQuery = (id: string, session?: BrowserSession) => ({
  queryKey: capsuleKeys.detailFor(id, session),
  queryFn: () => call(capsuleRead, { params: { id } }, readerOf(session)),
});

export function useCapsuleList(filter: CapsuleListFilter, enabled = true) {
  const { session } = useSession();
  return useQuery({
    ...capsuleListQuery(filter, session),
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
  const { session } = useSession();
  return useQuery({
    ...capsuleQuery(id ?? "", session),
    enabled: Boolean(id),
    refetchInterval: (query) => (pollWhilePending && query.state.data?.capsule.status === "pending" ? pollWhilePending : poll),
  });
}

export function useCapsuleHistory(id: string) {
  const { session } = useSession();
  return useQuery({ queryKey: [...capsuleKeys.history(id), session?.sessionId ?? "anonymous"], queryFn: () => call(capsuleHistory, { params: { id } }, readerOf(session)) });
}

export function useSupporting(id: string | undefined) {
  const { session } = useSession();
  return useQuery({
    queryKey: [...capsuleKeys.supporting(id ?? ""), session?.sessionId ?? "anonymous"],
    queryFn: () => call(capsuleSupporting, { params: { id: id ?? "" }, query: { limit: 100 } }, readerOf(session)),
    enabled: Boolean(id),
  });
}

export const useWalletRoles = (wallet: string | undefined) =>
  useQuery({
    queryKey: capsuleKeys.walletRoles(wallet ?? ""),
    queryFn: () => call(walletRoles, { params: { address: wallet ?? "" }, query: { limit: 100 } }),
    enabled: Boolean(wallet),
  });

export const useOutletRoles = (wallet: string | undefined, slug: string | undefined) =>
  useQuery({
    queryKey: capsuleKeys.outletRoles(wallet ?? "", slug ?? ""),
    queryFn: () => call(walletRolesAtOutlet, { params: { wallet: wallet ?? "", outletSlug: slug ?? "" } }),
    enabled: Boolean(wallet && slug),
  });

/** The chain's clock (latest block time, advanced locally every second), for countdowns and "is the window closed". */
export function useChainClock(): number {
  const status = useNetworkStatus();
  const live = useLive();
  const polled = status.data?.node.blockTimestamp ? Number(status.data.node.blockTimestamp) : undefined;
  // a pushed block (GET /api/live) moves the clock the moment it is mined; the status read is the fallback
  const pushed = live.head && (!polled || live.head.observedAt >= status.dataUpdatedAt);
  const blockTimestamp = pushed ? live.head?.blockTime : polled;
  const observedAt = pushed ? (live.head?.observedAt ?? 0) : status.dataUpdatedAt;
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return chainNow(blockTimestamp, observedAt || nowMs, nowMs);
}

// ---- writes ----

export function useCreateCapsule() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDraftInput) => signedPost(session, capsuleCreate, { body }),
    onSuccess: (created) => {
      queryClient.setQueryData(capsuleKeys.detailFor(created.capsuleId, session), created);
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.lists() });
    },
  });
}

export function useUpdateCapsule() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDraftInput) => signedPost(session, capsuleUpdate, { body }),
    onSuccess: (updated) => {
      queryClient.setQueryData(capsuleKeys.detailFor(updated.capsuleId, session), updated);
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.lists() });
    },
  });
}

export function useAddSupporting(id: string | undefined) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { supportingCapsuleId: string; relationshipType: TAddSupportingBody["relationshipType"] }) =>
      signedPost(session, capsuleSupportingAdd, { params: { id: id ?? "" }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: capsuleKeys.supporting(id ?? "") }),
  });
}

/** Asks the bridge to authorize the submission: a voucher the wallet then sends with the fee. */
export function useRequestSubmission(id: string) {
  const { session } = useSession();
  return useMutation({ mutationFn: () => signedPost(session, capsuleSubmit, { params: { id }, body: {} }) });
}

/**
 * Relays a signed ballot. The page learns of the vote from one source: the pushed change naming the
 * capsule, which refetches its read and its votes (components/live/live-provider.tsx) once the
 * indexer has it; the answer only ends the pending state. Without a live channel the answer's
 * success refetches them instead.
 */
export function useRelayVote(id: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const live = useLive();
  return useMutation({
    mutationFn: (ballot: { support: boolean; deadline: string; signature: string; reason?: string; reasonSignature?: string }) =>
      signedPost(session, capsuleVote, { params: { id }, body: ballot }),
    onSuccess: () => {
      if (live.state === "live") return;
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.votes(id) });
    },
  });
}

export function useCloseVote(id: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signedPost(session, capsuleAccept, { params: { id }, body: { capsuleId: id } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(capsuleKeys.detailFor(id, session), answer);
      await queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.history(id) });
    },
  });
}

/** Withdraws a draft, or closes a pending capsule early (POST …/reject); the answer is the new read. */
export function useRejectCapsule(id: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | undefined) => signedPost(session, capsuleReject, { params: { id }, body: reason ? { reason } : {} }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(capsuleKeys.detailFor(id, session), answer);
      await queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.history(id) });
    },
  });
}

/** Adds one evidence item (after finalization: apart from the voted manifest); the capsule is read again. */
export function useAddEvidence(id: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: z.input<typeof ZAddEvidenceBody>) => signedPost(session, capsuleEvidenceAdd, { params: { id }, body: item }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(id) }),
  });
}

/** Starts a correction (or retraction) draft from the current version; answers the new capsule's id. */
export function useStartRevision(id: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddHistoryBody) => signedPost(session, capsuleHistoryAdd, { params: { id }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.history(id) });
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.lists() });
    },
  });
}

export type CapsuleRead = TCapsuleResponse;
