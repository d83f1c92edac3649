"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getJson } from "@/lib/api/api-client";
import { signedPost } from "@/lib/auth/browser-session";
import {
  ZCreateOutletResponse,
  ZListOutletsResponse,
  ZOutletResponse,
  ZOutletUsersResponse,
  ZVerifyOutletResponse,
  type TCreateOutletBody,
  type TOutlet,
} from "@/lib/schemas/outlets";
import { ZRoleCatalogResponse, ZRoleChangeResponse } from "@/lib/schemas/roles";
import { useSession } from "./use-session";

export type OutletStatusFilter = TOutlet["status"] | "all";

export const outletKeys = {
  all: ["outlets"] as const,
  lists: () => [...outletKeys.all, "list"] as const,
  list: (status: OutletStatusFilter, page: number, limit: number) => [...outletKeys.lists(), { status, page, limit }] as const,
  detail: (slug: string) => [...outletKeys.all, "detail", slug] as const,
  users: (slug: string) => [...outletKeys.all, "users", slug] as const,
  roleCatalog: () => ["role-catalog"] as const,
};

export function useOutlets(status: OutletStatusFilter, page: number, limit = 10) {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (status !== "all") params.set("status", status);
  return useQuery({
    queryKey: outletKeys.list(status, page, limit),
    queryFn: () => getJson(`/api/outlets?${params}`, ZListOutletsResponse),
    placeholderData: keepPreviousData,
  });
}

export const useOutlet = (slug: string) =>
  useQuery({ queryKey: outletKeys.detail(slug), queryFn: () => getJson(`/api/outlets/${encodeURIComponent(slug)}`, ZOutletResponse) });

export const useOutletUsers = (slug: string) =>
  useQuery({
    queryKey: outletKeys.users(slug),
    queryFn: () => getJson(`/api/outlets/${encodeURIComponent(slug)}/users?limit=100`, ZOutletUsersResponse),
  });

export const useRoleCatalog = () =>
  useQuery({ queryKey: outletKeys.roleCatalog(), queryFn: () => getJson("/api/role-catalog", ZRoleCatalogResponse), staleTime: 60_000 });

export function useCreateOutlet() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateOutletBody) => signedPost(session, "outlets.create", "/api/outlets/create", body, ZCreateOutletResponse),
    onSuccess: (created) => {
      queryClient.setQueryData(outletKeys.detail(created.outlet.slug), { ok: true as const, outlet: created.outlet });
      void queryClient.invalidateQueries({ queryKey: outletKeys.lists() });
    },
  });
}

export function useVerifyOutlet(slug: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signedPost(session, "outlets.verify", "/api/outlets/verify", { outletSlug: slug, method: "dns_txt" }, ZVerifyOutletResponse),
    onSuccess: (result) => {
      queryClient.setQueryData(outletKeys.detail(slug), { ok: true as const, outlet: result.outlet });
      void queryClient.invalidateQueries({ queryKey: outletKeys.lists() });
    },
  });
}

export function useChangeRole(slug: string, change: "grant" | "revoke") {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { wallet: string; roleId: number }) =>
      signedPost(session, `roles.${change}`, `/api/roles/${change}`, { outletSlug: slug, wallet: input.wallet, roleId: input.roleId }, ZRoleChangeResponse),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outletKeys.users(slug) }),
  });
}
