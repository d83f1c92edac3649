"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { signedPost } from "@/lib/api/browser-session";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletList } from "@/features/outlets/list.endpoint";
import { outletUsers } from "@/features/outlets/users.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { roleCatalogRead } from "@/features/roles/catalog.endpoint";
import type { TCreateOutletBody, TOutlet } from "@/features/outlets/outlets.schema";
import { roleKeys } from "@/components/roles/use-roles";
import { useSession } from "@/components/wallet/use-session";
import { outletDetailKey, useOutlet } from "@/components/outlet-query/outlet-query";

export { useOutlet };

export type OutletStatusFilter = TOutlet["status"] | "all";

export const outletKeys = {
  all: ["outlets"] as const,
  lists: () => [...outletKeys.all, "list"] as const,
  list: (status: OutletStatusFilter, page: number, limit: number) => [...outletKeys.lists(), { status, page, limit }] as const,
  detail: outletDetailKey,
  users: roleKeys.outletUsers,
  roleCatalog: () => ["role-catalog"] as const,
};

export function useOutlets(status: OutletStatusFilter, page: number, limit = 10) {
  return useQuery({
    queryKey: outletKeys.list(status, page, limit),
    queryFn: () => call(outletList, { query: { page, limit, status: status === "all" ? undefined : status } }),
    placeholderData: keepPreviousData,
  });
}

export const useOutletUsers = (slug: string) =>
  useQuery({
    queryKey: outletKeys.users(slug),
    queryFn: () => call(outletUsers, { params: { slug }, query: { limit: 100 } }),
  });

export const useRoleCatalog = () =>
  useQuery({ queryKey: outletKeys.roleCatalog(), queryFn: () => call(roleCatalogRead, {}), staleTime: 60_000 });

export function useCreateOutlet() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateOutletBody) => signedPost(session, outletCreate, { body }),
    onSuccess: (created) => {
      queryClient.setQueryData(outletKeys.detail(created.outlet.outletSlug), { ok: true as const, outlet: created.outlet });
      void queryClient.invalidateQueries({ queryKey: outletKeys.lists() });
      // the owner now holds the outlet's Editor role (the Bonds page and bond notices read it)
      void queryClient.invalidateQueries({ queryKey: ["wallet-roles"] });
    },
  });
}

export function useVerifyOutlet(slug: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signedPost(session, outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }),
    onSuccess: (result) => {
      queryClient.setQueryData(outletKeys.detail(slug), { ok: true as const, outlet: result.outlet });
      void queryClient.invalidateQueries({ queryKey: outletKeys.lists() });
    },
  });
}

