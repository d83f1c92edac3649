"use client";

import { useState } from "react";
import { useFormDraft } from "@/components/ui/use-form-draft";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { ROLE } from "@/lib/roles/role-catalog";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { useRejectCapsule } from "@/components/capsules/use-capsules";
import { useOutletRoles } from "@/components/roles/use-roles";
import { useSession } from "@/components/wallet/use-session";
import { editorEarlyClose } from "@/features/capsules/early-close";
import { formatTime } from "@/components/ui/capsule-format";

// The routine "stop this capsule" actions that were only in the API (POST /api/capsules/:id/reject):
// the author (or an Editor of the outlet, so no draft can hold a chain's one open revision) withdraws a draft (never on chain), or — while the vote is open — the author withdraws it
// before anyone voted, or an Editor of the outlet closes it early (rejected on chain) — only while no vote was
// cast or once the vote can no longer pass (features/capsules/early-close.ts, the rule the bridge applies); else
// the Editor is told why in words. A reason is asked for and a confirmation, because neither can be undone.
/** `onDone`: the capsule was withdrawn or its vote closed (the page moves the focus to the outcome it then shows). */
export function RejectPanel({ read, windowOpen, onDone }: { read: TCapsuleResponse; windowOpen: boolean; onDone?: () => void }) {
  const { wallet, status } = useSession();
  const c = read.capsule;
  const roles = useOutletRoles(wallet, c.outletSlug);
  const reject = useRejectCapsule(c.id);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason, clearReason] = useFormDraft(`reject.${read.capsule.id}.reason`);

  const isSubmitter = Boolean(wallet && wallet.toLowerCase() === c.submitter.toLowerCase());
  const isEditor = Boolean(roles.data?.roles.some((role) => role.roleId === ROLE.EDITOR && role.revokedAt === null));
  const noVotes = c.yesVotes === "0" && c.noVotes === "0";
  const earlyClose = editorEarlyClose({
    yesVotes: c.yesVotes,
    noVotes: c.noVotes,
    eligibleWeight: c.eligibleWeight,
    approvalThreshold: read.policy.approvalThreshold,
    quorumThreshold: read.policy.quorumThreshold,
    windowEnded: !windowOpen,
  });
  const action =
    c.status === "draft" && isSubmitter
      ? { button: "Withdraw this draft", confirm: "Withdraw the draft? It is never sent to the editors and cannot be submitted again; you can start a new draft.", done: "Withdrawing…" }
      : c.status === "draft" && isEditor
        ? { button: "Withdraw this draft (Editor)", confirm: "Withdraw this draft as an Editor of the outlet? It cannot be submitted again; its author sees the withdrawal in their activity.", done: "Withdrawing…" }
      : c.status === "pending" && windowOpen && isEditor && earlyClose.allowed
        ? { button: "Reject now: close this vote early", confirmButton: "Confirm: close this vote early", confirm: "Close the vote now and reject the capsule? The chain records it as rejected; the author can revise it as a new draft.", done: "Closing the vote…" }
        : c.status === "pending" && windowOpen && isSubmitter && noVotes
          ? { button: "Withdraw before any vote", confirm: "Withdraw the capsule before anyone votes? The chain records it as rejected; the fee is not returned.", done: "Withdrawing…" }
          : undefined;
  if (status !== "signed-in") return null;
  if (!action) {
    if (c.status !== "pending" || !windowOpen || !isEditor) return null;
    // an Editor whom the rule does not let close the vote early: why, in words
    return (
      <div className="rounded-md border border-stone-300 bg-stone-50 p-4 text-sm text-stone-700" data-testid="reject-panel-refused">
        The vote is under way and can still pass, so it cannot be closed early: an Editor may close a vote early only before
        anyone votes, or once the votes already cast mean it can no longer pass. It closes at {formatTime(c.closesAt)} (chain time).
      </div>
    );
  }

  return (
    <div className="rounded-md border border-stone-300 bg-stone-50 p-4 text-sm" data-testid="reject-panel">
      {!confirming ? (
        <button type="button" onClick={() => setConfirming(true)} className="min-h-11 rounded-md border border-red-700 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50">
          {action.button}
        </button>
      ) : (
        <div role="group" aria-labelledby="reject-confirm-text" className="space-y-3">
          <p id="reject-confirm-text" className="text-stone-800">
            {action.confirm}
          </p>
          <label className="block">
            <span className="font-medium">Reason (optional, kept in your activity record)</span>
            <textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={1000} rows={2} className="mt-1 block w-full rounded-md border border-stone-300 p-2" />
          </label>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              disabled={reject.isPending}
              onClick={() => reject.mutate(reason.trim() || undefined, {
                  onSuccess: () => {
                    clearReason();
                    setConfirming(false);
                    onDone?.();
                  },
                })}
              className="min-h-11 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-50"
            >
              {reject.isPending ? action.done : "confirmButton" in action ? action.confirmButton : `Confirm: ${action.button.toLowerCase()}`}
            </button>
            <button type="button" disabled={reject.isPending} onClick={() => setConfirming(false)} className="min-h-11 rounded-md border border-stone-300 bg-white px-4 py-2 font-semibold hover:bg-stone-50 disabled:opacity-50">
              Cancel
            </button>
          </div>
        </div>
      )}
      {reject.isError ? (
        <p role="alert" className="mt-2 text-red-800">
          {describeWalletError(reject.error, "close the capsule")}
        </p>
      ) : null}
    </div>
  );
}
