"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { signedPost } from "@/lib/api/browser-session";
import { capsuleRights } from "@/features/rights/capsule-rights.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { rightsLicense } from "@/features/rights/license.endpoint";
import { rightsListings } from "@/features/rights/listings.endpoint";
import { rightsWithdraw } from "@/features/rights/withdraw.endpoint";
import type { licenceTypes } from "@/features/rights/rights.schema";
import { useSession } from "@/components/wallet/use-session";

// Rights listings and licences through react-query.

export type ListingFilter = { outlet: string; page: number; limit: number };

export const rightsKeys = {
  all: ["rights"] as const,
  lists: () => [...rightsKeys.all, "list"] as const,
  list: (filter: ListingFilter) => [...rightsKeys.lists(), filter] as const,
  capsule: (capsuleId: string, page: number) => [...rightsKeys.all, "capsule", capsuleId, page] as const,
  capsuleAll: (capsuleId: string) => [...rightsKeys.all, "capsule", capsuleId] as const,
};

export function useListings(filter: ListingFilter, enabled = true) {
  return useQuery({
    queryKey: rightsKeys.list(filter),
    queryFn: () => call(rightsListings, { query: { page: filter.page, limit: filter.limit, outlet: filter.outlet || undefined } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One capsule's listings, each with the licences taken on it. */
export const useCapsuleRights = (capsuleId: string, page: number, limit: number) =>
  useQuery({
    queryKey: rightsKeys.capsule(capsuleId, page),
    queryFn: () => call(capsuleRights, { params: { id: capsuleId }, query: { page, limit } }),
    enabled: capsuleId !== "",
    placeholderData: keepPreviousData,
  });

export type CreateListingInput = {
  capsuleId: string;
  licenceType: (typeof licenceTypes)[number];
  territory: string;
  price: string;
  currency: "CAP";
  terms: string;
  expiresAt?: string;
  payee?: string;
};

export function useCreateListing() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListingInput) => signedPost(session, rightsCreate, { body }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: rightsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: rightsKeys.capsuleAll(answer.listing.capsuleId) });
    },
  });
}

export function useTakeLicence() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { listingId: string; paymentTxHash?: string }) => signedPost(session, rightsLicense, { body }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: rightsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: rightsKeys.capsuleAll(answer.licence.capsuleId) });
    },
  });
}

export function useWithdrawListing() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { listingId: string }) => signedPost(session, rightsWithdraw, { body }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: rightsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: rightsKeys.capsuleAll(answer.listing.capsuleId) });
    },
  });
}
