"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signedPost } from "@/lib/api/browser-session";
import { inboxMarkRead } from "@/features/inbox/mark-read.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { useSession } from "@/components/wallet/use-session";
import { tellOtherTabs } from "@/components/live/other-tabs";
import { PRIVATE_REFRESH_MS } from "@/components/live/private-refresh";

// The signed-in wallet's inbox. The page's push channel (components/live) refetches
// ["inbox", …, wallet] when a public change names the wallet. What is private is not pushed (a role
// offered to the wallet, the read mark another tab moved; lib/live/public-changes.ts): this browser's other
// tabs hear of a read mark moved here (components/live/other-tabs.ts), and the page re-reads the inbox
// whenever it is shown again and every PRIVATE_REFRESH_MS while visible (an offer made from another browser).
export const inboxKeys = {
  page: (wallet: string, page: number) => ["inbox", "page", wallet.toLowerCase(), page] as const,
};

export function useInbox(page = 1) {
  const { wallet, session, status } = useSession();
  return useQuery({
    queryKey: inboxKeys.page(wallet ?? "", page),
    queryFn: () => signedPost(session, inboxRead, { body: { page, limit: 20, unreadOnly: false } }),
    enabled: Boolean(wallet && session && status === "signed-in"),
    staleTime: Infinity,
    refetchOnWindowFocus: "always",
    refetchInterval: PRIVATE_REFRESH_MS,
  });
}

export function useMarkInboxRead() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upToId?: string) => signedPost(session, inboxMarkRead, { body: upToId ? { upToId } : {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["inbox"] });
      tellOtherTabs({ area: "inbox" });
    },
  });
}
