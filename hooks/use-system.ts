"use client";

import { useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api/api-client";
import { ZContractsSummaryResponse, ZNetworkStatusResponse, ZEnvKeysResponse, ZActionKeysResponse, ZCanonicalEnvResponse } from "@/lib/schemas/system";

export const systemKeys = {
  all: ["system"] as const,
  networkStatus: () => [...systemKeys.all, "network-status"] as const,
  contracts: () => [...systemKeys.all, "contracts-summary"] as const,
  envKeys: () => [...systemKeys.all, "env-keys"] as const,
  actionKeys: () => [...systemKeys.all, "action-keys"] as const,
  canonicalEnv: () => [...systemKeys.all, "canonical-env"] as const,
};

export const useNetworkStatus = () =>
  useQuery({ queryKey: systemKeys.networkStatus(), queryFn: () => getJson("/api/network/status", ZNetworkStatusResponse), refetchInterval: 4_000 });

export const useContractsSummary = () =>
  useQuery({ queryKey: systemKeys.contracts(), queryFn: () => getJson("/api/meta/contracts-summary", ZContractsSummaryResponse) });

export const useEnvKeys = () => useQuery({ queryKey: systemKeys.envKeys(), queryFn: () => getJson("/api/meta/env-keys", ZEnvKeysResponse) });
export const useActionKeys = () => useQuery({ queryKey: systemKeys.actionKeys(), queryFn: () => getJson("/api/meta/action-keys", ZActionKeysResponse) });
export const useCanonicalEnv = () =>
  useQuery({ queryKey: systemKeys.canonicalEnv(), queryFn: () => getJson("/api/meta/canonical-env", ZCanonicalEnvResponse) });
