"use client";

import { useState } from "react";
import { useSignTypedData } from "wagmi";
import { createPublicClient, http, type Address } from "viem";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { capsuleChain, CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { ballotTypedData } from "@/lib/chain/vouchers";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { useOutletRoles, useRelayVote } from "@/hooks/use-capsules";
import { useSession } from "@/hooks/use-session";
import { useContractsSummary } from "@/hooks/use-system";
import type { VoteRecord } from "@/hooks/use-vote-events";

const EDITOR_ROLE = 3;
const BALLOT_LIFETIME_SECONDS = 600;

// Yes/No for wallets allowed to vote (an active Editor role at the outlet, with the voter flag on
// chain). The wallet signs an EIP-712 Ballot; the bridge relays it, so voting costs no gas.
export function VotePanel(props: { capsuleId: string; outletSlug: string; open: boolean; chainNow: number; votes: VoteRecord[] | undefined }) {
  const { wallet, session, status } = useSession();
  const roles = useOutletRoles(wallet, props.outletSlug);
  const contracts = useContractsSummary();
  const relay = useRelayVote(props.capsuleId);
  const { mutateAsync: signTypedData } = useSignTypedData();
  const [phase, setPhase] = useState<"idle" | "signing" | "sending">("idle");
  const [error, setError] = useState<string | undefined>();

  const mine = props.votes?.find((vote) => vote.voter.toLowerCase() === wallet?.toLowerCase());
  const isEditor = Boolean(roles.data?.roles.some((role) => role.roleId === EDITOR_ROLE));
  const canVote = isEditor && Boolean(roles.data?.isVoter);

  async function vote(support: boolean) {
    setError(undefined);
    const acceptance = contracts.data?.contracts.capsuleAcceptance?.address as Address | undefined;
    if (!wallet || !acceptance) return;
    try {
      setPhase("signing");
      const client = createPublicClient({ chain: capsuleChain(`${window.location.origin}/rpc`), transport: http(`${window.location.origin}/rpc`) });
      const nonce = await client.readContract({ address: acceptance, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [wallet] });
      const deadline = BigInt(props.chainNow + BALLOT_LIFETIME_SECONDS);
      const typed = ballotTypedData(acceptance, CAPSULE_CHAIN_ID, { capsuleId: BigInt(props.capsuleId), support, voter: wallet, nonce, deadline });
      const signature = await signTypedData({ ...typed, account: wallet });
      setPhase("sending");
      await relay.mutateAsync({ support, deadline: deadline.toString(), signature });
    } catch (cause) {
      setError(describeWalletError(cause, "record your vote"));
    } finally {
      setPhase("idle");
    }
  }

  if (!props.open) return null;
  let body: React.ReactNode;
  if (!wallet) body = <p className="text-sm text-stone-600">Editors of this outlet: connect your wallet to vote.</p>;
  else if (roles.isPending) body = <p className="text-sm text-stone-600">Checking your role at {props.outletSlug}…</p>;
  else if (mine)
    body = (
      <p className="text-sm font-medium" data-testid="my-vote">
        You voted {mine.support ? "Yes" : "No"}.
      </p>
    );
  else if (!isEditor) body = <p className="text-sm text-stone-600" data-testid="not-eligible">Only Editors of {props.outletSlug} vote on its capsules.</p>;
  else if (!canVote)
    body = <p className="text-sm text-stone-600" data-testid="not-eligible">Your Editor role at {props.outletSlug} is not bonded yet, so it carries no vote. Deposit the Editor bond and ask for the role again.</p>;
  else if (status !== "signed-in") body = <p className="text-sm text-stone-600">Sign in (top right) to vote.</p>;
  else
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" disabled={phase !== "idle" || !session} onClick={() => void vote(true)} className="rounded-md bg-emerald-700 px-5 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-50">
          Vote yes
        </button>
        <button type="button" disabled={phase !== "idle" || !session} onClick={() => void vote(false)} className="rounded-md bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50">
          Vote no
        </button>
        {phase !== "idle" ? (
          <span role="status" className="text-sm text-stone-600">
            {phase === "signing" ? "Sign the ballot in your wallet…" : "Recording your vote on chain…"}
          </span>
        ) : null}
      </div>
    );

  return (
    <div data-testid="vote-panel" className="space-y-2">
      {body}
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
    </div>
  );
}
