"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { createPublicClient, http, webSocket, type Address } from "viem";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { capsuleKeys } from "./use-capsules";
import { useContractsSummary } from "./use-system";

// Live votes: VoteCast events of one capsule arrive over the page's own /ws gateway (viem
// watchContractEvent on a WebSocket transport, filtered by capsuleId). Each event is added to the
// voter list (the chain's VoteCast logs, read with eth_getLogs through /rpc) and makes the page re-read
// the bridge, so the tally shown is always the bridge's read, reconciled with the chain's votes.

export type VoteRecord = { voter: Address; support: boolean; weight: bigint; txHash: string; blockNumber: bigint };
export type LiveState = "connecting" | "live" | "offline";
export type LiveVotes = { state: LiveState; /** VoteCast events received over the socket since the page opened */ received: number };

const toRecord = (log: { args: { voter?: Address; support?: boolean; weight?: bigint }; transactionHash: string | null; blockNumber: bigint | null }): VoteRecord => ({
  voter: log.args.voter as Address,
  support: Boolean(log.args.support),
  weight: log.args.weight ?? 0n,
  txHash: log.transactionHash ?? "",
  blockNumber: log.blockNumber ?? 0n,
});

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
      return logs.map(toRecord);
    },
  });
}

/** Subscribes to VoteCast for the capsule while `enabled`; each event joins the voter list and refetches the capsule. */
export function useVoteEvents(capsuleId: string, enabled: boolean): LiveVotes {
  const clients = useOriginClients();
  const acceptance = useAcceptance();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  const [received, setReceived] = useState(0);
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
      onLogs: (logs) => {
        setState("live");
        setReceived((count) => count + logs.length);
        queryClient.setQueryData<VoteRecord[]>(capsuleKeys.votes(capsuleId), (known) => {
          const fresh = logs.map(toRecord).filter((vote) => !known?.some((k) => k.txHash === vote.txHash && k.voter === vote.voter));
          return known ? [...known, ...fresh] : known;
        });
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

  return { state: enabled ? state : "offline", received };
}
