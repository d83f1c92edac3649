"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { createPublicClient, http, webSocket, type Address } from "viem";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { capsuleKeys } from "./use-capsules";
import { useContractsSummary } from "./use-system";

// Live votes: VoteCast events of one capsule arrive over the page's own /ws gateway (viem
// watchContractEvent on a WebSocket transport, filtered by capsuleId) and only invalidate the
// react-query cache, so the tally shown is always the bridge's read. The voter list is the chain's
// VoteCast logs for the capsule (eth_getLogs through /rpc), also a query refreshed by the events.

export type VoteRecord = { voter: Address; support: boolean; weight: bigint; txHash: string; blockNumber: bigint };
export type LiveState = "connecting" | "live" | "offline";

function useOriginClients() {
  return useMemo(() => {
    if (typeof window === "undefined") return undefined;
    const origin = window.location.origin;
    const chain = capsuleChain(`${origin}/rpc`, `${origin.replace(/^http/, "ws")}/ws`);
    return {
      http: createPublicClient({ chain, transport: http(`${origin}/rpc`) }),
      ws: () => createPublicClient({ chain, transport: webSocket(`${origin.replace(/^http/, "ws")}/ws`, { retryCount: 5, reconnect: true }) }),
    };
  }, []);
}

function useAcceptance() {
  const summary = useContractsSummary();
  const entry = summary.data?.contracts.capsuleAcceptance;
  return entry ? { address: entry.address as Address, fromBlock: BigInt(entry.blockNumber) } : undefined;
}

/** Every vote on the capsule, oldest first, read from the chain's VoteCast logs. */
export function useVoteList(capsuleId: string) {
  const clients = useOriginClients();
  const acceptance = useAcceptance();
  return useQuery({
    queryKey: capsuleKeys.votes(capsuleId),
    enabled: Boolean(clients && acceptance),
    queryFn: async (): Promise<VoteRecord[]> => {
      if (!clients || !acceptance) return [];
      const logs = await clients.http.getContractEvents({
        address: acceptance.address,
        abi: capsuleAcceptanceAbi,
        eventName: "VoteCast",
        args: { capsuleId: BigInt(capsuleId) },
        fromBlock: acceptance.fromBlock,
        toBlock: "latest",
      });
      return logs.map((log) => ({
        voter: log.args.voter as Address,
        support: Boolean(log.args.support),
        weight: log.args.weight ?? 0n,
        txHash: log.transactionHash,
        blockNumber: log.blockNumber,
      }));
    },
  });
}

/** Subscribes to VoteCast for the capsule while `enabled`; each event refetches the capsule and the voter list. */
export function useVoteEvents(capsuleId: string, enabled: boolean): LiveState {
  const clients = useOriginClients();
  const acceptance = useAcceptance();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  const address = acceptance?.address;

  useEffect(() => {
    if (!enabled || !clients || !address) return;
    const client = clients.ws();
    setState("connecting");
    const unwatch = client.watchContractEvent({
      address,
      abi: capsuleAcceptanceAbi,
      eventName: "VoteCast",
      args: { capsuleId: BigInt(capsuleId) },
      onLogs: () => {
        setState("live");
        void queryClient.invalidateQueries({ queryKey: capsuleKeys.votes(capsuleId) });
        void queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(capsuleId) });
      },
      onError: () => setState("offline"),
    });
    // the subscription is live once the socket answers
    client.transport
      .getRpcClient()
      .then((rpc) => rpc.requestAsync({ body: { method: "eth_chainId" } }))
      .then(() => setState((current) => (current === "connecting" ? "live" : current)))
      .catch(() => setState("offline"));
    // unwatch ends the subscription; the socket itself is viem's shared one for this URL (wagmi uses it too)
    return () => unwatch();
  }, [enabled, clients, address, capsuleId, queryClient]);

  return enabled ? state : "offline";
}
