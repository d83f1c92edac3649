"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signedPost } from "@/lib/api/browser-session";
import { roleOffers } from "@/features/roles/offers.endpoint";
import { roleOfferAccept } from "@/features/roles/offer-accept.endpoint";
import { roleOfferDecline } from "@/features/roles/offer-decline.endpoint";
import { roleOfferWithdraw } from "@/features/roles/offer-withdraw.endpoint";
import { useSession } from "@/components/wallet/use-session";
import { roleKeys } from "./use-roles";
import { tellOtherTabs } from "@/components/live/other-tabs";
import { PRIVATE_REFRESH_MS } from "@/components/live/private-refresh";

// Role offers are a signed read (between the outlet and the grantee). Under ["wallet-roles", wallet, …]
// so the push channel refetches them when a public change names the wallet (an accepted offer is a role
// granted to the grantee by the offering wallet). An offer made, declined or withdrawn is private and is
// not pushed (lib/live/public-changes.ts): this browser's other tabs hear of an answer given here
// (components/live/other-tabs.ts), and the page re-reads the offers whenever it is shown again and every
// PRIVATE_REFRESH_MS while visible (an offer made from another browser).
const offerKey = (wallet: string, slug?: string) => ["wallet-roles", wallet.toLowerCase(), "offers", slug ?? ""] as const;

export function useRoleOffers(slug?: string) {
  const { wallet, session, status } = useSession();
  return useQuery({
    queryKey: offerKey(wallet ?? "", slug),
    queryFn: () => signedPost(session, roleOffers, { body: slug ? { outletSlug: slug } : {} }),
    enabled: Boolean(wallet && session && status === "signed-in"),
    refetchOnWindowFocus: "always",
    refetchInterval: PRIVATE_REFRESH_MS,
  });
}

export function useAnswerOffer(answer: "accept" | "decline" | "withdraw", slug?: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (offerId: string) => {
      const body = { offerId };
      if (answer === "accept") return signedPost(session, roleOfferAccept, { body });
      return signedPost(session, answer === "decline" ? roleOfferDecline : roleOfferWithdraw, { body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["wallet-roles"] });
      if (slug) void queryClient.invalidateQueries({ queryKey: roleKeys.outletUsers(slug) });
      tellOtherTabs({ area: "roles", outletSlug: slug });
    },
  });
}
