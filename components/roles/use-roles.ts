"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signedPost } from "@/lib/api/browser-session";
import { call } from "@/lib/api/client";
import { walletRolesAtOutlet } from "@/features/roles/wallet-at-outlet.endpoint";
import { walletRoles } from "@/features/roles/wallet-roles.endpoint";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { useSession } from "@/components/wallet/use-session";
import { tellOtherTabs } from "@/components/live/other-tabs";

export const roleKeys = {
  walletRoles: (wallet: string) => ["wallet-roles", wallet.toLowerCase()] as const,
  outletRoles: (wallet: string, slug: string) => ["wallet-roles", wallet.toLowerCase(), slug] as const,
  /** An outlet's members (the outlets' reads share the "outlets" prefix). */
  outletUsers: (slug: string) => ["outlets", "users", slug] as const,
};

export const useWalletRoles = (wallet: string | undefined) =>
  useQuery({
    queryKey: roleKeys.walletRoles(wallet ?? ""),
    queryFn: () => call(walletRoles, { params: { address: wallet ?? "" }, query: { limit: 100 } }),
    enabled: Boolean(wallet),
  });

export const useOutletRoles = (wallet: string | undefined, slug: string | undefined) =>
  useQuery({
    queryKey: roleKeys.outletRoles(wallet ?? "", slug ?? ""),
    queryFn: () => call(walletRolesAtOutlet, { params: { wallet: wallet ?? "", outletSlug: slug ?? "" } }),
    enabled: Boolean(wallet && slug),
  });

export function useChangeRole(slug: string, change: "grant" | "revoke") {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { wallet: string; roleId: number }) =>
      signedPost(session, change === "grant" ? roleGrant : roleRevoke, { body: { outletSlug: slug, wallet: input.wallet, roleId: input.roleId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: roleKeys.outletUsers(slug) });
      void queryClient.invalidateQueries({ queryKey: ["wallet-roles"] });
      // a grant to another wallet is an offer, which is private: this browser's other tabs hear of it here
      tellOtherTabs({ area: "roles", outletSlug: slug });
    },
  });
}
