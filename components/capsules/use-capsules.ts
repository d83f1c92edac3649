"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { browserSessionSigner, signedPost, type BrowserSession } from "@/lib/api/browser-session";
import type { CreateDraftInput, UpdateDraftInput } from "@/features/capsules/draft-form";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import type { z } from "zod";
import type { ZAddEvidenceBody } from "@/features/capsules/capsules.schema";
import { capsuleHistory } from "@/features/revisions/history.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleSupporting } from "@/features/capsules/supporting.endpoint";
import { capsuleSupportingAdd } from "@/features/capsules/supporting-add.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { useLive } from "@/components/live/live-provider";
import type { TAddHistoryBody, TAddSupportingBody, TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { useSession } from "@/components/wallet/use-session";

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
};

/** Reads that can show drafts are signed with the session key when signed in (drafts are private). */
const readerOf = (session: BrowserSession | undefined) => (session ? { signer: browserSessionSigner(session) } : {});

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
  const { session, settled } = useSession();
  return useQuery({
    ...capsuleListQuery(filter, session),
    placeholderData: keepPreviousData,
    enabled: enabled && settled,
  });
}

/**
 * The capsule read response. `poll` re-reads it every N ms; `pollWhilePending` only while its vote is
 * open (a safety net for missed VoteCast events, and how a page learns the vote was closed elsewhere).
 */
export function useCapsule(id: string | undefined, options: { poll?: number | false; pollWhilePending?: number; signedInOnly?: boolean } = {}) {
  const { poll = false, pollWhilePending, signedInOnly = false } = options;
  const { session, settled } = useSession();
  return useQuery({
    ...capsuleQuery(id ?? "", session),
    // signedInOnly: a read only a session can answer (a private draft's editor), not asked anonymously for a 404
    enabled: Boolean(id) && settled && (!signedInOnly || Boolean(session)),
    refetchInterval: (query) => (pollWhilePending && query.state.data?.capsule.status === "pending" ? pollWhilePending : poll),
  });
}

export function useCapsuleHistory(id: string, enabled = true) {
  const { session, settled } = useSession();
  return useQuery({ queryKey: [...capsuleKeys.history(id), session?.sessionId ?? "anonymous"], queryFn: () => call(capsuleHistory, { params: { id } }, readerOf(session)), enabled: enabled && settled });
}

export function useSupporting(id: string | undefined) {
  const { session, settled } = useSession();
  return useQuery({
    queryKey: [...capsuleKeys.supporting(id ?? ""), session?.sessionId ?? "anonymous"],
    queryFn: () => call(capsuleSupporting, { params: { id: id ?? "" }, query: { limit: 100 } }, readerOf(session)),
    enabled: Boolean(id) && settled,
  });
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

/**
 * Asks the bridge to authorize the submission: a voucher the wallet then sends with the fee. `ifRevision`: the draft's
 * revision on screen; the bridge refuses (409 DRAFT_CHANGED) when the draft was saved elsewhere since.
 */
export function useRequestSubmission(id: string) {
  const { session } = useSession();
  return useMutation({ mutationFn: (ifRevision?: number) => signedPost(session, capsuleSubmit, { params: { id }, body: ifRevision === undefined ? {} : { ifRevision } }) });
}

/**
 * Relays a signed ballot. The page learns of the vote from one source: the pushed change naming the
 * capsule, which carries its new tally for the cached read and refetches its votes
 * (components/live/live-provider.tsx) once the indexer has it; the answer only ends the pending state. Without a live channel the answer's
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
