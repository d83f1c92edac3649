"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useBalance, useReadContracts } from "wagmi";
import { useLive } from "@/components/live/live-provider";
import { getAddress, type Address } from "viem";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { useContractsSummary } from "@/components/network/use-system";

export type BondReading = { registry: Address; bonded: bigint; locked: bigint; unlocked: bigint };

/** The RoleRegistry address the bridge deployed (from the contracts summary). */
export function useRoleRegistryAddress(): Address | undefined {
  const summary = useContractsSummary();
  const address = summary.data?.contracts.roleRegistry?.address;
  return address ? getAddress(address) : undefined;
}

/** The wallet's bond read straight from RoleRegistry: bondOf and lockedOf (the chain is the truth). */
export function useBond(wallet: Address | undefined) {
  const summary = useContractsSummary();
  const registry = useRoleRegistryAddress();
  const queryClient = useQueryClient();
  const reads = useReadContracts({
    contracts: registry && wallet
      ? [
          { address: registry, abi: roleRegistryAbi, functionName: "bondOf", args: [wallet], chainId: CAPSULE_CHAIN_ID },
          { address: registry, abi: roleRegistryAbi, functionName: "lockedOf", args: [wallet], chainId: CAPSULE_CHAIN_ID },
        ]
      : [],
    allowFailure: false,
    query: { enabled: Boolean(registry && wallet) },
  });
  // a pushed change naming the wallet (a deposit, a lock set after a role was granted, a slash) re-reads the bond
  const { subscribe } = useLive();
  const { refetch } = reads;
  useEffect(() => {
    if (!wallet) return;
    return subscribe((event) => {
      if (event.type === "change" && event.wallets.some((w) => w.toLowerCase() === wallet.toLowerCase())) void refetch();
    });
  }, [subscribe, wallet, refetch]);
  const [bonded, locked] = (reads.data ?? []) as bigint[];
  const data: BondReading | undefined =
    registry && bonded !== undefined && locked !== undefined ? { registry, bonded, locked, unlocked: bonded > locked ? bonded - locked : 0n } : undefined;
  // the bond cannot be read before the registry's address is known: a failed contracts read is this read's failure too
  return {
    data,
    isError: reads.isError || summary.isError,
    error: reads.error ?? summary.error,
    refetch: async () => {
      if (summary.isError) await summary.refetch();
      await reads.refetch();
      await queryClient.invalidateQueries({ queryKey: ["wallet-roles"] });
    },
  };
}

/** The CAP the wallet holds (its native balance on the Capsule chain), read from the chain: what it can bond. */
export function useWalletBalance(wallet: Address | undefined) {
  const balance = useBalance({ address: wallet, chainId: CAPSULE_CHAIN_ID, query: { enabled: Boolean(wallet) } });
  const { refetch } = balance;
  return { value: balance.data?.value, isError: balance.isError, error: balance.error, refetch: useCallback(async () => void (await refetch()), [refetch]) };
}
