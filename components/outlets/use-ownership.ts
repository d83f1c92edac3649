"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signedPost } from "@/lib/api/browser-session";
import { ownershipOffer } from "@/features/outlets/ownership-offer.endpoint";
import { ownershipOffers } from "@/features/outlets/ownership-offers.endpoint";
import { ownershipAccept } from "@/features/outlets/ownership-accept.endpoint";
import { ownershipDecline } from "@/features/outlets/ownership-decline.endpoint";
import { ownershipWithdraw } from "@/features/outlets/ownership-withdraw.endpoint";
import { useSession } from "@/components/wallet/use-session";
import { tellOtherTabs } from "@/components/live/other-tabs";
import { PRIVATE_REFRESH_MS } from "@/components/live/private-refresh";

// The outlet's open ownership offer is a signed read (between the owner and its Editors), re-read when the page is
// shown again and every PRIVATE_REFRESH_MS while visible, like the role offers (components/roles/use-role-offers.ts).
const ownershipKey = (wallet: string, slug: string) => ["wallet-roles", wallet.toLowerCase(), "ownership", slug] as const;

export function useOwnershipOffer(slug: string, enabled: boolean) {
  const { wallet, session, status } = useSession();
  return useQuery({
    queryKey: ownershipKey(wallet ?? "", slug),
    queryFn: () => signedPost(session, ownershipOffers, { body: { outletSlug: slug } }),
    enabled: enabled && Boolean(wallet && session && status === "signed-in"),
    refetchOnWindowFocus: "always",
    refetchInterval: PRIVATE_REFRESH_MS,
  });
}

/**
 * Offer (to a wallet), or accept, decline or withdraw (an offer id); every answer re-reads the outlet and its members.
 * `onDone` is the mutation's own callback, not `mutate`'s: the offer line that holds the buttons goes away as soon as a
 * re-read finds the offer closed (a focus or a pushed change during the accept's chain wait), and `mutate`'s callbacks
 * are dropped with the component that called it, which left the answer unsaid.
 */
export function useOwnershipChange(slug: string, change: "offer" | "accept" | "decline" | "withdraw", onDone?: () => void) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: string) => {
      if (change === "offer") return signedPost(session, ownershipOffer, { body: { outletSlug: slug, wallet: input } });
      const endpoint = change === "accept" ? ownershipAccept : change === "decline" ? ownershipDecline : ownershipWithdraw;
      return signedPost(session, endpoint, { body: { offerId: input } });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["wallet-roles"] });
      void queryClient.invalidateQueries({ queryKey: ["outlets"] });
      tellOtherTabs({ area: "roles", outletSlug: slug });
      onDone?.();
    },
  });
}
