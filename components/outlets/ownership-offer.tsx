"use client";

import { displayAddress } from "@/lib/wallet/short-address";
import { FullAddress } from "@/components/ui/full-address";
import { AlertLine } from "@/components/ui/form-message";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import type { TOwnershipOffer } from "@/features/outlets/outlets.schema";
import { useOwnershipChange } from "./use-ownership";

// Ownership is handed over, not taken (docs/DECISIONS.md): the owner offers the outlet to one of its Editors from
// that Editor's row, after words that say what it means; the offer is shown below the members to the owner (with
// Withdraw), to the offered Editor (with Accept and Decline) and to the other Editors.

/** What handing the outlet over means, said before the owner offers it and before the Editor accepts. */
export const HANDOVER_MEANING =
  "The new owner alone appoints and revokes Editors and is the outlet’s party in its court cases; the former owner keeps its roles here as an Editor, without the owner’s powers.";

/** The owner's "Offer ownership" on an Editor's row; it opens the confirmation below the row. */
export function OfferOwnershipButton({ wallet, onClick, disabled }: { wallet: string; onClick: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={`Offer the ownership of this outlet to ${displayAddress(wallet)}`}
      className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-3 text-xs text-stone-800 hover:bg-stone-50"
      data-testid="offer-ownership"
    >
      Offer ownership
    </button>
  );
}

/** The confirmation of an ownership offer: what it means, then the offer or keeping the outlet. */
export function OfferOwnershipConfirm({ slug, wallet, onDone, onClose }: { slug: string; wallet: string; onDone: (text: string) => void; onClose: () => void }) {
  const offer = useOwnershipChange(slug, "offer", () => {
    onClose();
    onDone(`Ownership offered to ${displayAddress(wallet)}; nothing changes until they accept.`);
  });
  return (
    <div role="alertdialog" aria-label="Confirm the ownership offer" className="w-full rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="ownership-confirm">
      <p className="[overflow-wrap:anywhere]">
        Offer the ownership of this outlet to {displayAddress(wallet)}? Nothing changes until they accept. {HANDOVER_MEANING} You can withdraw the offer until they answer.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="min-h-11 rounded-md bg-ink px-4 text-sm font-semibold text-white disabled:opacity-50"
          disabled={offer.isPending}
          aria-busy={offer.isPending}
          onClick={() => offer.mutate(wallet)}
        >
          {offer.isPending ? "Offering…" : "Offer ownership"}
        </button>
        <button type="button" className="min-h-11 rounded-md border border-stone-300 bg-white px-4 text-sm" disabled={offer.isPending} onClick={onClose}>
          Keep ownership
        </button>
      </div>
      {offer.isError ? (
        <div className="mt-2">
          <AlertLine text={describeWalletError(offer.error, "offer the ownership")} testId="form-error" />
        </div>
      ) : null}
    </div>
  );
}

/** The outlet's open ownership offer, as the signer may answer it. */
export function OwnershipOfferLine({ slug, offer, me, amOwner, onDone }: { slug: string; offer: TOwnershipOffer; me: string | undefined; amOwner: boolean; onDone: (text: string) => void }) {
  const accept = useOwnershipChange(slug, "accept", () => onDone("You now own this outlet: you alone appoint and revoke its Editors."));
  const decline = useOwnershipChange(slug, "decline", () => onDone("You declined the ownership."));
  const withdraw = useOwnershipChange(slug, "withdraw", () => onDone("You withdrew the ownership offer."));
  const busy = accept.isPending || decline.isPending || withdraw.isPending;
  const failed = [accept, decline, withdraw].find((m) => m.isError);
  const mine = me !== undefined && me.toLowerCase() === offer.wallet.toLowerCase();
  const button = "min-h-11 rounded-md px-4 text-sm disabled:opacity-50";
  return (
    <div className="mt-4 border-t border-stone-100 pt-3" data-testid="ownership-offer" aria-busy={busy}>
      <h3 className="text-sm font-semibold text-stone-800">{mine ? "Ownership offered to you" : "Ownership offered, not accepted yet"}</h3>
      {mine ? (
        <p className="mt-1 text-sm [overflow-wrap:anywhere]">
          The owner offers you the ownership of this outlet. If you accept, you alone appoint and revoke its Editors and you are the outlet’s party in its court cases; the present owner stays an Editor here.
        </p>
      ) : (
        <p className="mt-1 text-sm [overflow-wrap:anywhere]">
          Offered to <FullAddress address={offer.wallet} label="offered wallet" />, waiting for their answer.
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {mine ? (
          <>
            <button type="button" className={`${button} bg-ink font-semibold text-white`} disabled={busy} onClick={() => accept.mutate(offer.offerId)}>
              {accept.isPending ? "Taking the outlet over…" : "Accept ownership"}
            </button>
            <button type="button" className={`${button} border border-stone-300 bg-white`} disabled={busy} onClick={() => decline.mutate(offer.offerId)}>
              {decline.isPending ? "Declining…" : "Decline"}
            </button>
          </>
        ) : null}
        {amOwner ? (
          <button type="button" className={`${button} border border-red-200 bg-white text-red-800`} disabled={busy} onClick={() => withdraw.mutate(offer.offerId)}>
            {withdraw.isPending ? "Withdrawing…" : "Withdraw"}
          </button>
        ) : null}
      </div>
      {failed ? (
        <div className="mt-2">
          <AlertLine text={describeWalletError(failed.error, failed === accept ? "accept the ownership" : failed === decline ? "decline the ownership" : "withdraw the offer")} testId="form-error" />
        </div>
      ) : null}
    </div>
  );
}
