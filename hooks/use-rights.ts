"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getJson } from "@/lib/api/api-client";
import { signedPost } from "@/lib/auth/browser-session";
import { ZCapsuleRightsResponse, ZLicenceResponse, ZListingPage, ZListingResponse, type licenceTypes } from "@/lib/schemas/rights";
import { useSession } from "./use-session";

// Rights listings and licences through react-query (STYLE §8).

export type ListingFilter = { outlet: string; page: number; limit: number };

export const rightsKeys = {
  all: ["rights"] as const,
  lists: () => [...rightsKeys.all, "list"] as const,
  list: (filter: ListingFilter) => [...rightsKeys.lists(), filter] as const,
  capsule: (capsuleId: string, page: number) => [...rightsKeys.all, "capsule", capsuleId, page] as const,
  capsuleAll: (capsuleId: string) => [...rightsKeys.all, "capsule", capsuleId] as const,
};

export function useListings(filter: ListingFilter, enabled = true) {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(filter.limit) });
  if (filter.outlet) params.set("outlet", filter.outlet);
  return useQuery({
    queryKey: rightsKeys.list(filter),
    queryFn: () => getJson(`/api/rights/listings?${params}`, ZListingPage),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One capsule's listings, each with the licences taken on it. */
export const useCapsuleRights = (capsuleId: string, page: number, limit: number) =>
  useQuery({
    queryKey: rightsKeys.capsule(capsuleId, page),
    queryFn: () => getJson(`/api/capsules/${encodeURIComponent(capsuleId)}/rights?page=${page}&limit=${limit}`, ZCapsuleRightsResponse),
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
};

export function useCreateListing() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListingInput) => signedPost(session, "rights.create", "/api/rights/create", body, ZListingResponse),
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
    mutationFn: (body: { listingId: string; paymentTxHash?: string }) => signedPost(session, "rights.license", "/api/rights/license", body, ZLicenceResponse),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: rightsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: rightsKeys.capsuleAll(answer.licence.capsuleId) });
    },
  });
}
