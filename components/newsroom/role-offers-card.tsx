"use client";

import Link from "next/link";
import { ROLE } from "@/lib/roles/role-catalog";
import type { TRoleOffer } from "@/features/roles/roles.schema";
import { Card } from "@/components/ui/card";
import { FullAddress } from "@/components/ui/full-address";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { BondNeeded, bondTopUp } from "@/components/bonds/bond-needed";
import { useAnswerOffer, useRoleOffers } from "@/components/roles/use-role-offers";

/** What holding the offered role means for the grantee, said before it accepts. */
export function offerMeaning(offer: Pick<TRoleOffer, "roleId" | "name" | "outletName">): string {
  if (offer.roleId === ROLE.EDITOR) {
    return `As an Editor of ${offer.outletName} you vote on its capsules and manage its roles, and you may be drawn as a juror for other outlets' disputes: your bond is at stake, and a drawn juror who does not reveal a vote loses 5 % of it.`;
  }
  return `As a ${offer.name} of ${offer.outletName} you write for it, and you can no longer sit on the juries that judge its articles. Part of your bond stays locked while you hold the role.`;
}

const day = (seconds: string) => new Date(Number(seconds) * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** The signed-in wallet's open role offers, each with Accept and Decline; nothing when there are none. */
export function RoleOffersCard() {
  const offers = useRoleOffers();
  const accept = useAnswerOffer("accept");
  const decline = useAnswerOffer("decline");
  const items = offers.data?.received ?? [];
  if (items.length === 0) return null;
  const busy = accept.isPending || decline.isPending;
  const failed = accept.error ?? decline.error;

  return (
    <Card title="Roles offered to you">
      <ul className="divide-y divide-stone-100" data-testid="role-offers">
        {items.map((offer) => (
          <li key={offer.offerId} className="space-y-2 py-3" data-testid="role-offer">
            <p className="text-sm text-ink">
              <strong>{offer.outletName}</strong> offers you the <strong>{offer.name}</strong> role. It takes effect only if you accept; the offer lapses on {day(offer.expiresAt)}.
            </p>
            <p className="text-sm text-stone-700">{offerMeaning(offer)}</p>
            <p className="text-xs text-stone-500 [overflow-wrap:anywhere]">
              Offered by <FullAddress address={offer.offeredBy} label="offering wallet" /> ·{" "}
              <Link href={`/outlets/${offer.outletSlug}`} className="text-accent underline">
                the outlet&apos;s page
              </Link>
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                disabled={busy}
                onClick={() => accept.mutate(offer.offerId)}
                className="min-h-11 rounded-md bg-ink px-4 text-sm font-semibold text-white hover:bg-stone-700 disabled:opacity-60"
              >
                {accept.isPending && accept.variables === offer.offerId ? "Accepting…" : `Accept ${offer.name}`}
              </button>
              <button type="button" disabled={busy} onClick={() => decline.mutate(offer.offerId)} className="min-h-11 rounded-md border border-stone-300 bg-white px-4 text-sm disabled:opacity-60">
                Decline
              </button>
            </div>
          </li>
        ))}
      </ul>
      {failed ? (
        bondTopUp(failed) ? (
          <BondNeeded error={failed} who="you" />
        ) : (
          <p role="alert" className="mt-2 text-sm text-red-800 [overflow-wrap:anywhere]">
            {describeWalletError(failed, "answer the offer")}
          </p>
        )
      ) : null}
    </Card>
  );
}
