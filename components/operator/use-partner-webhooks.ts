"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { browserSessionSigner, signedPost } from "@/lib/api/browser-session";
import { partnersDisableWebhook } from "@/features/partners/disable-webhook.endpoint";
import { partnersListWebhooks } from "@/features/partners/list-webhooks.endpoint";
import { partnersRegisterWebhook } from "@/features/partners/register-webhook.endpoint";
import { partnersWebhookDeliveries } from "@/features/partners/webhook-deliveries.endpoint";
import type { z } from "zod";
import type { ZRegisterWebhookBody } from "@/features/partners/partners.schema";
import { useSession } from "@/components/wallet/use-session";

// Partner webhooks for the bridge operator: the list and each webhook's deliveries are signed reads
// (the session key signs each), registering and disabling signed writes.

export const webhookKeys = {
  all: ["partner-webhooks"] as const,
  list: (wallet: string, page: number) => [...webhookKeys.all, "list", wallet.toLowerCase(), page] as const,
  deliveries: (wallet: string, id: string) => [...webhookKeys.all, "deliveries", wallet.toLowerCase(), id] as const,
};

export const WEBHOOKS_PER_PAGE = 20;
export const DELIVERIES_SHOWN = 10;

export function usePartnerWebhooks(page: number) {
  const { wallet, session, status } = useSession();
  return useQuery({
    queryKey: webhookKeys.list(wallet ?? "", page),
    queryFn: () => call(partnersListWebhooks, { query: { page, limit: WEBHOOKS_PER_PAGE } }, { signer: session ? browserSessionSigner(session) : undefined }),
    enabled: Boolean(wallet && session && status === "signed-in"),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useWebhookDeliveries(id: string, enabled: boolean) {
  const { wallet, session, status } = useSession();
  return useQuery({
    queryKey: webhookKeys.deliveries(wallet ?? "", id),
    queryFn: () => call(partnersWebhookDeliveries, { params: { id }, query: { page: 1, limit: DELIVERIES_SHOWN } }, { signer: session ? browserSessionSigner(session) : undefined }),
    enabled: enabled && Boolean(wallet && session && status === "signed-in"),
    retry: false,
  });
}

export function useRegisterWebhook() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZRegisterWebhookBody>) => signedPost(session, partnersRegisterWebhook, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDisableWebhook() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => signedPost(session, partnersDisableWebhook, { params: { id }, body: {} }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
