"use client";

import { vaultObjectIdOf } from "@/lib/api/vault-path";
import { FullAddress } from "@/components/ui/full-address";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormDraftValues } from "@/components/ui/use-form-draft";
import { signedPost } from "@/lib/api/browser-session";
import { courtReply } from "@/features/court/reply.endpoint";
import type { TCourtCase } from "@/features/court/court.schema";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { ROLE } from "@/lib/roles/role-catalog";
import { useOutletRoles } from "@/components/roles/use-roles";
import { useChainClock } from "@/components/network/use-chain-clock";
import { courtKeys } from "@/components/court/use-court";
import { useSession } from "@/components/wallet/use-session";
import { formatTime } from "@/components/ui/capsule-format";
import { Countdown } from "@/components/capsules/countdown";
import { shownUri } from "@/lib/schemas/uri-kind";

// The right of reply (issue 13): the reply once filed, else the window on the chain clock and,
// for the capsule's author, the outlet's owner and its Editors, the form to file it.
export function ReplyPanel({ item, submitter, ownerWallet }: { item: TCourtCase; submitter: string | undefined; ownerWallet: string | undefined }) {
  const reply = item.reply;
  const now = useChainClock();
  if (!reply && item.court === "jury") {
    return <p className="text-sm text-stone-600" data-testid="reply-jury">In a jury case the outlet replies with its evidence, in the evidence period (below, “Evidence from both sides”).</p>;
  }
  if (!reply) return <p className="text-sm text-stone-600">This case was opened before the right of reply; it has no reply.</p>;
  if (reply.repliedAt) {
    return (
      <div className="space-y-2 text-sm" data-testid="case-reply">
        <p dir="auto" className="whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{reply.reply}</p>
        {reply.evidence.length > 0 ? (
          <ul className="space-y-1">
            {reply.evidence.map((e, i) => (
              <li key={e.uri} className="break-all text-xs" data-testid="reply-evidence-item">
                <span className="block font-semibold uppercase tracking-wide text-stone-500">
                  Evidence {i + 1} · {vaultObjectIdOf(e.uri) ? "Vault file" : "Link"} · submitted by the outlet
                </span>
                <bdi className="font-medium">{e.label}</bdi> · <span className="font-mono">{shownUri(e.uri)}</span>
                {e.contentHash ? <span className="block font-mono text-stone-600">SHA-256 {e.contentHash}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="text-xs text-stone-500">
          Filed {formatTime(reply.repliedAt)}{reply.repliedBy ? <> by <FullAddress address={reply.repliedBy} label="address of who replied" /></> : null}.
        </div>
      </div>
    );
  }
  const open = now < Number(reply.dueAt);
  return (
    <div className="space-y-3 text-sm" data-testid="case-reply-window">
      {item.status === "open" ? (
        <p className="text-stone-700">
          {open ? (
            <>
              The author and the outlet’s editors may reply until {formatTime(reply.dueAt)} (chain time): <Countdown closesAt={reply.dueAt} now={now} />. The court
              records no verdict before then unless they reply.
            </>
          ) : (
            <>The reply window closed {formatTime(reply.dueAt)} without a reply; the court may rule. A reply can still be filed until it does.</>
          )}
        </p>
      ) : (
        <p className="text-stone-600">No reply was filed.</p>
      )}
      {item.status === "open" ? <ReplyForm item={item} submitter={submitter} ownerWallet={ownerWallet} /> : null}
    </div>
  );
}

function ReplyForm({ item, submitter, ownerWallet }: { item: TCourtCase; submitter: string | undefined; ownerWallet: string | undefined }) {
  const { wallet, session, status } = useSession();
  const roles = useOutletRoles(wallet, item.outletSlug);
  const queryClient = useQueryClient();
  // kept across navigation until the reply is filed
  const [draft, setDraft, clearDraft] = useFormDraftValues(`court-reply.${item.caseId}`, { text: "", uri: "", label: "" });
  const { text, uri, label } = draft;
  const setText = (value: string) => setDraft({ text: value });
  const setUri = (value: string) => setDraft({ uri: value });
  const setLabel = (value: string) => setDraft({ label: value });
  const file = useMutation({
    mutationFn: () =>
      signedPost(session, courtReply, { params: { id: item.caseId }, body: { reply: text, evidence: uri.trim() ? [{ uri: uri.trim(), label: label.trim() || "Evidence" }] : [] } }),
    onSuccess: (answer) => {
      clearDraft();
      queryClient.setQueryData(courtKeys.detail(item.caseId), answer);
    },
  });
  const same = (a: string | undefined) => Boolean(a && wallet && a.toLowerCase() === wallet.toLowerCase());
  const isParty = same(submitter) || same(ownerWallet) || Boolean(roles.data?.roles.some((r) => r.roleId === ROLE.EDITOR));
  if (!wallet || status !== "signed-in") return <p className="text-xs text-stone-500">The author or an editor of {item.outletName}: sign in to reply.</p>;
  if (roles.isPending) return null;
  if (!isParty) return null;
  const tooShort = text.trim().length < 20;
  return (
    <form
      aria-label="Reply"
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooShort) file.mutate();
      }}
    >
      <label className="block">
        <span className="text-xs font-medium text-stone-700">Your reply (at least 20 characters)</span>
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={4} maxLength={5000} className="mt-1 w-full rounded-md border border-stone-300 p-2 text-sm" />
      </label>
      <label className="block">
        <span className="text-xs font-medium text-stone-700">Evidence link (optional)</span>
        <input value={uri} onChange={(e) => setUri(e.target.value)} type="url" className="mt-1 w-full rounded-md border border-stone-300 p-2 text-sm" />
      </label>
      {uri.trim() ? (
        <label className="block">
          <span className="text-xs font-medium text-stone-700">What the evidence shows</span>
          <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={300} className="mt-1 w-full rounded-md border border-stone-300 p-2 text-sm" />
        </label>
      ) : null}
      <button type="submit" disabled={tooShort || file.isPending} className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800 disabled:opacity-50">
        {file.isPending ? "Filing the reply…" : "File the reply"}
      </button>
      {file.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {describeWalletError(file.error, "file the reply")}
        </p>
      ) : null}
    </form>
  );
}
