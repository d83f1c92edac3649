"use client";

import { useEffect, useRef, useState } from "react";
import { useSignTypedData, useWaitForTransactionReceipt } from "wagmi";
import { useQueryClient } from "@tanstack/react-query";
import { createPublicClient, http, type Address, type Hex } from "viem";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { capsuleGatewayChain, CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { ballotTypedData, voteReasonTypedData } from "@/lib/chain/vouchers";
import { VOTE_REASON_MAX } from "@/features/capsules/capsules.schema";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { ApiError } from "@/lib/api/api-client";
import { capsuleKeys, useRelayVote } from "@/components/capsules/use-capsules";
import { useOutletRoles } from "@/components/roles/use-roles";
import { useSession } from "@/components/wallet/use-session";
import { useContractsSummary } from "@/components/network/use-system";
import type { TVoteItem } from "@/features/voting/capsule-votes.schema";
import type { TViewerVoting } from "@/features/capsules/capsules.schema";
import { ROLE } from "@/lib/roles/role-catalog";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";

const BALLOT_LIFETIME_SECONDS = 600;

// Yes/No for wallets allowed to vote (an active Editor role at the outlet, with the voter flag on
// chain). The wallet signs an EIP-712 Ballot; the bridge relays it, so voting costs no gas.
export function VotePanel(props: {
  capsuleId: string;
  outletSlug: string;
  /** The outlet's name, as pages say it. */
  outletName: string;
  open: boolean;
  chainNow: number;
  votes: TVoteItem[] | undefined;
  /** Whether the signed-in wallet is in the electorate fixed at the snapshot block (the capsule read's). */
  viewerVoting: TViewerVoting | undefined;
}) {
  const { wallet, session, status } = useSession();
  const roles = useOutletRoles(wallet, props.outletSlug);
  const contracts = useContractsSummary();
  const relay = useRelayVote(props.capsuleId);
  const { mutateAsync: signTypedData } = useSignTypedData();
  const [phase, setPhase] = useState<"idle" | "signing" | "sending">("idle");
  // the confirmation step: a vote cannot be changed once the chain has it
  const [confirming, setConfirming] = useState<boolean | undefined>();
  // keyboard users keep their place: the confirmation's reason box takes focus, and Cancel gives it back to the vote buttons
  const voteYesButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (confirming === undefined && returnFocus.current) {
      returnFocus.current = false;
      voteYesButton.current?.focus();
    }
  }, [confirming]);
  const [error, setError] = useState<string | undefined>();
  // a failed vote keeps the confirmation open with its error, and the focus (dropped when the busy Confirm button was
  // disabled) moves to the error; Tab from there reaches Confirm again
  const errorBox = useFocusOnMessage<HTMLParagraphElement>(error);
  const [reason, setReason] = useState("");
  // what is signed and shown: one line, trimmed
  const reasonText = reason.replace(/\s+/g, " ").trim();
  const reasonLength = [...reasonText].length;

  const mine = props.votes?.find((vote) => vote.voter.toLowerCase() === wallet?.toLowerCase());
  // the bridge's wait for the receipt ran out: the ballot is sent, not mined, so not yet final. The page follows the
  // transaction itself (besides the push channel), for as long as it takes, and reads the votes again once it is mined.
  const queryClient = useQueryClient();
  // …or the bridge refused a new ballot because this editor's earlier one on this capsule is still waiting to be mined
  // (the page was reloaded meanwhile): that one is followed the same way, not shown as a failure
  const [pendingBallot, setPendingBallot] = useState<Hex>();
  const sentHash = relay.data?.operatorTx.status === "sent" ? (relay.data.operatorTx.txHash as Hex) : pendingBallot;
  const sentReceipt = useWaitForTransactionReceipt({ hash: sentHash, chainId: CAPSULE_CHAIN_ID, pollingInterval: 1_000, timeout: 0, query: { enabled: Boolean(sentHash) && !mine } });
  const sentMinedIn = sentReceipt.data?.status === "success" ? sentReceipt.data.blockNumber : undefined;
  const sentReverted = sentReceipt.data?.status === "reverted";
  useEffect(() => {
    if (sentMinedIn === undefined) return;
    void queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(props.capsuleId) });
    void queryClient.invalidateQueries({ queryKey: capsuleKeys.votes(props.capsuleId) });
  }, [sentMinedIn, queryClient, props.capsuleId]);
  const isEditor = Boolean(roles.data?.roles.some((role) => role.roleId === ROLE.EDITOR));
  const canVote = isEditor && Boolean(roles.data?.isVoter);
  // the bridge decided it at the snapshot block for this very wallet: trust that over the current role
  const snapshotSays = props.viewerVoting && props.viewerVoting.wallet.toLowerCase() === wallet?.toLowerCase() ? props.viewerVoting : undefined;

  /** Whether the chain has the vote (or the bridge relayed it); on failure the error is set. */
  async function vote(support: boolean): Promise<boolean> {
    setError(undefined);
    const acceptance = contracts.data?.contracts.capsuleAcceptance?.address as Address | undefined;
    if (!wallet || !acceptance) return false;
    try {
      setPhase("signing");
      const client = createPublicClient({ chain: capsuleGatewayChain(`${window.location.origin}/rpc`), transport: http(`${window.location.origin}/rpc`) });
      const nonce = await client.readContract({ address: acceptance, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [wallet] });
      const deadline = BigInt(props.chainNow + BALLOT_LIFETIME_SECONDS);
      const typed = ballotTypedData(acceptance, CAPSULE_CHAIN_ID, { capsuleId: BigInt(props.capsuleId), support, voter: wallet, nonce, deadline });
      const signature = await signTypedData({ ...typed, account: wallet });
      // the reason is a second EIP-712 message bound to this ballot by its nonce (docs/DECISIONS.md)
      const reasonSignature = reasonText
        ? await signTypedData({ ...voteReasonTypedData(acceptance, CAPSULE_CHAIN_ID, { capsuleId: BigInt(props.capsuleId), support, voter: wallet, ballotNonce: nonce, reason: reasonText }), account: wallet })
        : undefined;
      setPhase("sending");
      await relay.mutateAsync({ support, deadline: deadline.toString(), signature, ...(reasonSignature ? { reason: reasonText, reasonSignature } : {}) });
      setReason("");
      return true;
    } catch (cause) {
      const pending = pendingBallotOn(cause, props.capsuleId);
      if (pending) {
        setPendingBallot(pending);
        setConfirming(undefined);
      } else setError(voteErrorText(cause));
      return false;
    } finally {
      setPhase("idle");
    }
  }

  // the window closed while this editor was voting (the confirmation open, or the wallet or the relay busy): say so
  // rather than take the panel away without a word; a vote the chain did record shows in the voter list
  const cutOff = !props.open && !mine && !relay.isSuccess && (confirming !== undefined || phase !== "idle");
  const closedText = cutOff
    ? phase === "sending"
      ? "The voting window closed while your vote was being sent. If the chain took it in time it appears in the voter list; otherwise nothing was recorded."
      : `The voting window closed before your vote was recorded: nothing was cast${reasonText ? " and your reason was not published" : ""}.`
    : undefined;
  const closedBox = useFocusOnMessage<HTMLParagraphElement>(closedText);
  // the Editor role went (revoked, pushed to the open page) while this editor had the confirmation open: the buttons were
  // shown only to an Editor, so the role was lost in between; said, rather than the confirmation just turning into a rule
  const roleLost = props.open && !mine && !relay.isSuccess && confirming !== undefined && Boolean(roles.data) && !isEditor;
  const roleLostBox = useFocusOnMessage<HTMLParagraphElement>(roleLost ? "lost" : undefined);
  if (!props.open) {
    if (!closedText) return null;
    return (
      <div data-testid="vote-panel" className="space-y-2">
        <p ref={closedBox} tabIndex={-1} role="alert" data-testid="vote-window-closed" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {closedText}
        </p>
        {error ? (
          <p role="alert" data-testid="vote-error" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  let body: React.ReactNode;
  if (!wallet) body = <p className="text-sm text-stone-600">Editors of this outlet: connect your wallet to vote.</p>;
  else if (roles.isPending) body = <p className="text-sm text-stone-600">Checking your role at {props.outletName}…</p>;
  else if (mine)
    body = (
      <div>
        <p className="text-sm font-medium" data-testid="my-vote">
          You voted {mine.support ? "Yes" : "No"}.
        </p>
        {mine.reason ? <p className="text-sm text-stone-700" data-testid="my-reason">Your reason: “<bdi>{mine.reason.text}</bdi>”</p> : null}
        <p className="text-xs text-stone-600">Your vote is recorded on chain and is final.</p>
      </div>
    );
  else if (sentHash)
    body = (
      <div role="status" data-testid="vote-sent" data-state={sentReverted ? "reverted" : sentMinedIn !== undefined ? "mined" : "sent"} className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
        {sentReverted ? (
          <>
            <p>
              The chain refused your vote: its transaction <span className="break-all font-mono text-xs">{sentHash}</span> was mined but reverted, so
              nothing was recorded.
            </p>
            <button
              type="button"
              onClick={() => {
                relay.reset();
                setPendingBallot(undefined);
              }}
              className="mt-2 min-h-11 rounded-md border border-sky-400 bg-white px-3 py-1 font-semibold hover:bg-sky-100">
              Vote again
            </button>
          </>
        ) : sentMinedIn !== undefined ? (
          <p>
            Your vote was mined in block {sentMinedIn.toString()} (transaction <span className="break-all font-mono text-xs">{sentHash}</span>); the tally
            and the voter list show it in a moment.
          </p>
        ) : (
          <>
            <p className="font-medium">Your vote is sent to the chain but not mined yet, so it is not final yet.</p>
            <p className="mt-1">
              Transaction <span className="break-all font-mono text-xs" data-testid="vote-sent-tx">{sentHash}</span> is waiting to be mined; this panel
              updates by itself when it is. There is nothing more to sign: a new ballot is refused while this one waits.
            </p>
          </>
        )}
      </div>
    );
  else if (relay.isSuccess)
    body = (
      <p className="text-sm font-medium" role="status" data-testid="vote-recorded">
        Your vote is recorded on chain; the tally and the voter list update in a moment.
      </p>
    );
  // a wallet without the Editor role hears that first: the snapshot only matters to Editors
  else if (!isEditor)
    body = (
      <>
        {roleLost ? (
          <p ref={roleLostBox} tabIndex={-1} role="alert" data-testid="vote-role-lost" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            Your Editor role at {props.outletName} was revoked while you were voting: nothing was cast{reasonText ? " and your reason was not published" : ""}.
          </p>
        ) : null}
        <p className="text-sm text-stone-600" data-testid="not-eligible" data-reason="role">
          Only Editors of {props.outletName} vote on its capsules.
        </p>
      </>
    );
  else if (snapshotSays && !snapshotSays.eligible)
    body = (
      <div className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm text-stone-700" data-testid="not-eligible" data-reason="snapshot">
        <p className="font-medium">You cannot vote on this capsule.</p>
        <p className="mt-1">
          The voters of a capsule are fixed when its vote opens: the bonded Editors of {props.outletName} at that moment (block {snapshotSays.snapshotBlock}).
          {" Your wallet was not one of them then, so it has no vote here. You will vote on capsules submitted from now on."}
        </p>
      </div>
    );
  else if (!canVote)
    body = <p className="text-sm text-stone-600" data-testid="not-eligible">Your Editor role at {props.outletName} is not bonded yet, so it carries no vote. Deposit the Editor bond and ask for the role again.</p>;
  else if (status !== "signed-in") body = <p className="text-sm text-stone-600">Sign in from the page header to vote.</p>;
  else
    body = (
      <div className="flex flex-wrap items-center gap-3">
        {confirming === undefined ? (
          <>
            {/* the article is below the tally, the timeline and the voters (far below on a phone): the way to it before the buttons */}
            <p className="w-full text-sm text-stone-700" data-testid="vote-read-first">
              Read what you vote on first:{" "}
              <a href="#article" className="inline-flex min-h-11 items-center font-semibold text-accent underline">
                the article, its evidence and contributors
              </a>
            </p>
            <button ref={voteYesButton} type="button" disabled={phase !== "idle" || !session} onClick={() => setConfirming(true)} className="rounded-md bg-emerald-700 px-5 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-50">
              Vote yes
            </button>
            <button type="button" disabled={phase !== "idle" || !session} onClick={() => setConfirming(false)} className="rounded-md bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50">
              Vote no
            </button>
          </>
        ) : (
          <div role="group" aria-labelledby="vote-confirm-text" className="w-full rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="vote-confirm">
            <p id="vote-confirm-text" className="text-sm text-amber-950">
              Vote <strong>{confirming ? "Yes" : "No"}</strong>? A vote is final: once the chain records it, it cannot be changed or withdrawn.
            </p>
            <label htmlFor="vote-reason" className="mt-3 block text-sm font-medium text-amber-950">
              Your reason (optional, public)
            </label>
            <textarea
              id="vote-reason"
              data-testid="vote-reason"
              rows={2}
              autoFocus
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-describedby="vote-reason-help"
              aria-invalid={reasonLength > VOTE_REASON_MAX}
              className="mt-1 block w-full rounded-md border border-stone-400 bg-white p-2 text-sm"
            />
            <p id="vote-reason-help" className={`mt-1 text-xs ${reasonLength > VOTE_REASON_MAX ? "font-semibold text-red-800" : "text-amber-950"}`}>
              {reasonLength}/{VOTE_REASON_MAX} characters. Shown beside your vote to editors and readers; your wallet signs it with the ballot.
            </p>
            {error ? (
              <p ref={errorBox} tabIndex={-1} role="alert" data-testid="vote-error" className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                {error}
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-3">
              <button
                type="button"
                disabled={phase !== "idle" || !session || reasonLength > VOTE_REASON_MAX}
                onClick={() => {
                  const support = confirming;
                  void vote(support).then((recorded) => {
                    if (recorded) setConfirming(undefined);
                  });
                }}
                className={`rounded-md px-4 py-2 text-sm font-semibold text-white disabled:opacity-50 ${confirming ? "bg-emerald-700 hover:bg-emerald-800" : "bg-red-700 hover:bg-red-800"}`}
              >
                {phase === "signing" ? "Voting…" : phase === "sending" ? "Recording your vote…" : confirming ? "Confirm: vote yes" : "Confirm: vote no"}
              </button>
              <button
                type="button"
                disabled={phase !== "idle"}
                onClick={() => {
                  returnFocus.current = true;
                  setError(undefined);
                  setConfirming(undefined);
                }}
                className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-stone-50 disabled:opacity-50">
                Cancel
              </button>
            </div>
          </div>
        )}
        {/* always in the page, so a screen reader hears each change of what the vote is waiting for */}
        <span role="status" className="text-sm text-stone-600 empty:hidden" data-testid="vote-progress">
          {phase === "signing"
            ? reasonText
              ? "Sign the ballot and then your reason in your wallet…"
              : "Sign the ballot in your wallet…"
            : phase === "sending"
              ? "Ballot signed; this site is sending it to the chain and waiting for it to be mined…"
              : ""}
        </span>
      </div>
    );

  return (
    <div data-testid="vote-panel" className="space-y-2">
      {body}
      {error && confirming === undefined ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The transaction of this editor's earlier ballot on this capsule, when the bridge refused a new one because that one waits to be mined. */
function pendingBallotOn(cause: unknown, capsuleId: string): Hex | undefined {
  if (!(cause instanceof ApiError) || cause.code !== "CONFLICT") return undefined;
  const { pendingTxHash, capsuleId: pendingOn } = cause.details;
  return typeof pendingTxHash === "string" && /^0x[0-9a-f]{64}$/i.test(pendingTxHash) && String(pendingOn) === capsuleId ? (pendingTxHash as Hex) : undefined;
}

/** A failed vote in words; a reason the bridge refused says what is wrong with it (the rest of the ballot is the page's own). */
function voteErrorText(cause: unknown): string {
  const reasonIssue = cause instanceof ApiError ? cause.issues.find((issue) => issue.path === "reason") : undefined;
  if (reasonIssue) return `The bridge refused your reason: ${reasonIssue.message}. Edit the reason and confirm again; nothing was recorded.`;
  return describeWalletError(cause, "record your vote");
}
