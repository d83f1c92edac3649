"use client";

import { useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { actionKeys } from "@/features/operator/action-keys.endpoint";
import { canonicalEnv } from "@/features/operator/canonical-env.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { envKeys } from "@/features/operator/env-keys.endpoint";
import { networkStatus } from "@/features/system/network-status.endpoint";
import { useFallbackPoll } from "@/components/live/use-fallback-poll";

export const systemKeys = {
  all: ["system"] as const,
  networkStatus: () => [...systemKeys.all, "network-status"] as const,
  contracts: () => [...systemKeys.all, "contracts-summary"] as const,
  envKeys: () => [...systemKeys.all, "env-keys"] as const,
  actionKeys: () => [...systemKeys.all, "action-keys"] as const,
  canonicalEnv: () => [...systemKeys.all, "canonical-env"] as const,
};

/**
 * The node's status. Pages take the chain clock from the push channel (useChainClock), so by default
 * this is read once and again only while the push is down, with back-off; `everyMs` keeps a page that
 * shows the status itself (the Network page) fresh on a fixed, slow beat.
 */
export function useNetworkStatus(options: { everyMs?: number } = {}) {
  const fallback = useFallbackPoll();
  return useQuery({ queryKey: systemKeys.networkStatus(), queryFn: () => call(networkStatus, {}), refetchInterval: options.everyMs ?? fallback });
}

export const useContractsSummary = () =>
  useQuery({ queryKey: systemKeys.contracts(), queryFn: () => call(contractsSummary, {}) });

export const useEnvKeys = () => useQuery({ queryKey: systemKeys.envKeys(), queryFn: () => call(envKeys, {}) });
export const useActionKeys = () => useQuery({ queryKey: systemKeys.actionKeys(), queryFn: () => call(actionKeys, {}) });
export const useCanonicalEnv = () =>
  useQuery({ queryKey: systemKeys.canonicalEnv(), queryFn: () => call(canonicalEnv, {}) });
