"use client";

import { displayAddress } from "@/lib/wallet/short-address";
import { FullAddress } from "@/components/ui/full-address";
import { useState } from "react";
import { ROLE } from "@/lib/roles/role-catalog";
import { revokeRefusal, withdrawRefusal } from "@/lib/roles/role-change-rules";
import { ownershipOfferRefusal } from "@/lib/roles/ownership-rules";
import { useOutletUsers } from "@/components/outlets/use-outlets";
import { useChangeRole } from "@/components/roles/use-roles";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { AlertLine } from "@/components/ui/form-message";
import { Loading } from "@/components/ui/skeleton";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { GrantRoleForm } from "./grant-role-form";
import { useAnswerOffer, useRoleOffers } from "@/components/roles/use-role-offers";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";
import { OfferOwnershipButton, OfferOwnershipConfirm, OwnershipOfferLine } from "./ownership-offer";
import { useOwnershipOffer } from "./use-ownership";

export function MembersPanel({ slug, canManage, amOwner, me }: { slug: string; canManage: boolean; amOwner: boolean; me: string | undefined }) {
  const users = useOutletUsers(slug);
  // the open ownership offer, read by the owner and its Editors (docs/DECISIONS.md, "Ownership of an outlet is handed over")
  const ownership = useOwnershipOffer(slug, canManage);
  const openOwnershipOffer = ownership.data?.offer ?? undefined;
  // the owner offers the outlet to one of its Editors, one offer at a time, once the open offer has been read: only
  // where the bridge's own rule (lib/roles/ownership-rules.ts) would take it. While an offer is open no row offers
  // another; the open offer is said below the members (to whom, with Withdraw). The bound on never-verified outlets
  // and the daily bound on withdrawn offers read what the panel does not hold: their refusal shows in the confirmation.
  const mayOfferOwnershipTo = (member: { wallet: string; isOwner: boolean; roles: Array<{ roleId: number }> }) =>
    ownership.isSuccess &&
    ownershipOfferRefusal({
      outletSlug: slug,
      wallet: member.wallet,
      actorIsOwner: amOwner,
      walletIsOwner: member.isOwner,
      walletIsEditor: member.roles.some((r) => r.roleId === ROLE.EDITOR),
      openOfferTo: openOwnershipOffer?.wallet,
      walletPastUnverifiedBound: false,
    }) === undefined;
  // the Editor whose row shows the confirmation of an ownership offer
  const [handingTo, setHandingTo] = useState<string | undefined>();
  const revoke = useChangeRole(slug, "revoke");
  // a role is revoked (or given up) only after a second, explicit click that says what it does
  const [confirming, setConfirming] = useState<{ wallet: string; roleId: number; name: string; own: boolean; owner: boolean } | undefined>();
  // what the change did, said where the focus lands: the confirmation (and, for a member's last role, its row) is gone
  const [changed, setChanged] = useState<string | undefined>();
  const changedLine = useFocusOnMessage<HTMLParagraphElement>(changed);
  // an Editor is offered no Revoke the bridge would refuse: not on the owner's roles, not on another Editor's
  const mayRevoke = (member: { wallet: string; isOwner: boolean }, roleId: number, isMe: boolean) =>
    isMe || (canManage && revokeRefusal({ outletSlug: slug, roleId, ownRole: false, actorIsOwner: amOwner, holderIsOwner: member.isOwner }) === undefined);
  const withheld = canManage && !amOwner && Boolean(users.data?.items.some((m) => m.wallet.toLowerCase() !== me?.toLowerCase() && m.roles.some((r) => !mayRevoke(m, r.roleId, false))));
  // submissions need a bonded Editor to vote: the confirmation says so when the role is the last one
  const lastEditor = (wallet: string) =>
    !users.data?.items.some((m) => m.wallet.toLowerCase() !== wallet.toLowerCase() && m.roles.some((r) => r.roleId === ROLE.EDITOR && r.bonded));

  return (
    <Card title="Members and roles">
      <RefreshFailed what="The members" read={users} className="mb-3" />
      {failedWithNothing(users) ? (
        <ErrorNotice title="Members could not be loaded" error={users.error} onRetry={() => void users.refetch()} />
      ) : !users.data ? (
        <Loading label="Loading the members" />
      ) : users.data.items.length === 0 ? (
        <p className="text-sm text-stone-600">No one holds a role here yet.</p>
      ) : (
        <ul className="divide-y divide-stone-100" data-testid="outlet-members">
          {users.data.items.map((member) => {
            const isMe = me !== undefined && me.toLowerCase() === member.wallet.toLowerCase();
            return (
              <li key={member.wallet} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <span className="text-sm text-ink">
                    <FullAddress address={member.wallet} label="member wallet" />
                  </span>
                  <span className="ml-2 text-xs text-stone-500">
                    {member.isOwner ? "owner" : ""}
                    {isMe ? (member.isOwner ? " · you" : "you") : ""}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                <ul className="flex flex-wrap gap-2">
                  {member.roles.map((role) => (
                    <li key={role.assignmentId} className="flex items-center gap-1 rounded-full border border-stone-200 bg-stone-50 py-0.5 pl-3 pr-1 text-sm">
                      <span data-testid="member-role">{role.name}</span>
                      <span className={`text-xs ${role.bonded ? "text-emerald-800" : "text-amber-800"}`}>{role.bonded ? "bonded" : "not bonded"}</span>
                      {mayRevoke(member, role.roleId, isMe) ? (
                        // a member may give up its own role (and release its bond lock) without managing the outlet
                        <button
                          type="button"
                          onClick={() => {
                            setChanged(undefined);
                            setConfirming({ wallet: member.wallet, roleId: role.roleId, name: role.name, own: isMe, owner: member.isOwner });
                          }}
                          disabled={revoke.isPending}
                          aria-label={isMe ? `Give up your ${role.name} role` : `Revoke ${role.name} from ${displayAddress(member.wallet)}`}
                          className="inline-flex min-h-11 items-center rounded-full px-3 text-xs text-red-800 hover:bg-red-50"
                        >
                          {/* one's own role is given up, never "revoked" (docs/DECISIONS.md) */}
                          {isMe ? "Give up" : "Revoke"}
                        </button>
                      ) : (
                        <span className="pr-2" />
                      )}
                    </li>
                  ))}
                </ul>
                {openOwnershipOffer && openOwnershipOffer.wallet.toLowerCase() === member.wallet.toLowerCase() ? (
                  <span className="inline-flex min-h-11 items-center rounded-full border border-amber-300 bg-amber-50 px-3 text-xs text-amber-950" data-testid="ownership-offered-badge">
                    {isMe ? "Ownership offered to you (below)" : "Ownership offered (below)"}
                  </span>
                ) : null}
                {mayOfferOwnershipTo(member) ? (
                  <OfferOwnershipButton
                    wallet={member.wallet}
                    disabled={handingTo === member.wallet}
                    onClick={() => {
                      setChanged(undefined);
                      setHandingTo(member.wallet);
                    }}
                  />
                ) : null}
                </div>
                {handingTo === member.wallet && mayOfferOwnershipTo(member) ? (
                  <OfferOwnershipConfirm slug={slug} wallet={member.wallet} onDone={setChanged} onClose={() => setHandingTo(undefined)} />
                ) : null}
                {confirming && confirming.wallet === member.wallet ? (
                  <div role="alertdialog" aria-label="Confirm the role change" className="w-full rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-950" data-testid="revoke-confirm">
                    <p>
                      {!confirming.own
                        ? `Revoke the ${confirming.name} role from this member? Their bond lock for it is released${confirming.roleId === ROLE.EDITOR ? " and they no longer vote" : ""}.`
                        : confirming.owner
                          ? `Give up your ${confirming.name} role at this outlet? Your bond lock for it is released${confirming.roleId === ROLE.EDITOR ? " and you no longer vote on capsules" : ""}. You stay the outlet’s owner: you can still manage it and grant roles, this one back to yourself included.`
                          : `Give up your ${confirming.name} role at this outlet? Your bond lock for it is released${confirming.roleId === ROLE.EDITOR ? ", and you no longer vote or manage the outlet" : ""}. ${confirming.roleId === ROLE.EDITOR ? "Only the owner can appoint you again." : "Only the owner or an Editor can grant it again."}`}
                    </p>
                    {confirming.roleId === ROLE.EDITOR && lastEditor(confirming.wallet) ? (
                      <p className="mt-2 font-semibold" data-testid="last-editor-warning">
                        {confirming.own ? "You are its only Editor" : "This is its only Editor"}: until someone holds the Editor role again, no capsule can be submitted
                        here, because nobody could vote on it.
                      </p>
                    ) : null}
                    <div className="mt-2 flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="min-h-11 rounded-md bg-red-800 px-4 text-sm font-semibold text-white disabled:opacity-50"
                        disabled={revoke.isPending}
                        onClick={() => {
                          const change = confirming;
                          revoke.mutate(
                            { wallet: change.wallet, roleId: change.roleId },
                            { onSuccess: () => setChanged(changeDoneText(change)), onSettled: () => setConfirming(undefined) },
                          );
                        }}
                      >
                        {revoke.isPending ? "Changing the role…" : confirming.own ? `Give up ${confirming.name}` : `Revoke ${confirming.name}`}
                      </button>
                      <button type="button" className="min-h-11 rounded-md border border-stone-300 bg-white px-4 text-sm" disabled={revoke.isPending} onClick={() => setConfirming(undefined)}>
                        Keep the role
                      </button>
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {withheld ? (
        <p className="mt-2 text-sm text-stone-600" data-testid="revoke-owner-only">
          Only the owner revokes an Editor’s role or the owner’s own; as an Editor you may revoke Journalist and Reporter roles, and give up your own.
        </p>
      ) : null}
      {changed ? (
        <p ref={changedLine} tabIndex={-1} role="status" className="mt-2 text-sm text-emerald-900 [overflow-wrap:anywhere]" data-testid="role-changed">
          {changed}
        </p>
      ) : null}
      {revoke.isError ? (
        <div className="mt-2">
          <AlertLine text={describeWalletError(revoke.error, "change the role")} testId="form-error" />
        </div>
      ) : null}
      {openOwnershipOffer ? <OwnershipOfferLine slug={slug} offer={openOwnershipOffer} me={me} amOwner={amOwner} onDone={setChanged} /> : null}
      {canManage ? <SentOffers slug={slug} amOwner={amOwner} me={me} /> : null}
      {canManage ? <GrantRoleForm slug={slug} amOwner={amOwner} /> : null}
    </Card>
  );
}

/** The line a finished revocation (or giving up) leaves: whose role, and what it means for votes. */
export function changeDoneText(change: { wallet: string; roleId: number; name: string; own: boolean }): string {
  const votes = change.roleId === ROLE.EDITOR;
  if (change.own) return `You gave up your ${change.name} role here${votes ? "; you no longer vote on its capsules" : ""}.`;
  return `${change.name} revoked from ${displayAddress(change.wallet)}${votes ? "; they no longer vote on this outlet’s capsules" : ""}.`;
}

/**
 * Roles offered at the outlet that their wallets have not answered yet: nothing is granted until they accept. An
 * Editor is offered no Withdraw on an Editor offer the owner made (lib/roles/role-change-rules.ts).
 */
function SentOffers({ slug, amOwner, me }: { slug: string; amOwner: boolean; me: string | undefined }) {
  const offers = useRoleOffers(slug);
  const withdraw = useAnswerOffer("withdraw", slug);
  const sent = offers.data?.sent ?? [];
  if (sent.length === 0) return null;
  const mayWithdraw = (offer: (typeof sent)[number]) =>
    offer.offeredBy.toLowerCase() === me?.toLowerCase() || withdrawRefusal({ outletSlug: slug, roleId: offer.roleId, actorIsOwner: amOwner }) === undefined;
  return (
    <div className="mt-4 border-t border-stone-100 pt-3">
      <h3 className="text-sm font-semibold text-stone-800">Offered, not accepted yet</h3>
      <ul className="mt-1 divide-y divide-stone-100" data-testid="sent-offers">
        {sent.map((offer) => (
          <li key={offer.offerId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="sent-offer">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {offer.name}: offered, waiting for <FullAddress address={offer.wallet} label="offered wallet" />
            </span>
            {mayWithdraw(offer) ? (
              <button
                type="button"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(offer.offerId)}
                aria-label={`Withdraw the ${offer.name} offer to ${offer.wallet}`}
                className="inline-flex min-h-11 items-center rounded-full px-3 text-xs text-red-800 hover:bg-red-50"
              >
                Withdraw
              </button>
            ) : (
              <span className="text-xs text-stone-600" data-testid="sent-offer-owner-only">
                Only the owner may withdraw it
              </span>
            )}
          </li>
        ))}
      </ul>
      {withdraw.isError ? (
        <div className="mt-2">
          <AlertLine text={describeWalletError(withdraw.error, "withdraw the offer")} testId="form-error" />
        </div>
      ) : null}
    </div>
  );
}
